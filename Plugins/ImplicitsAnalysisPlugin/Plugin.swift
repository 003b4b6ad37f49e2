import Foundation
import PackagePlugin

/// Runs `implicits analyze` on every target that uses it: the target's
/// support file is compiled into the target; its interface goes to the
/// plugin's work directory, where the targets that depend on it find it;
/// its diagnostics fail the build.
///
/// Only the support file is a declared output: SwiftPM would bundle any
/// other output as a resource. The support file names the interface's
/// fingerprint, so a dependent target's command, which takes the support
/// files of its dependencies as inputs, runs again exactly when an
/// interface it reads changed.
@main
struct ImplicitsAnalysisPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else { return [] }
    let tool = try context.tool(named: "ImplicitsCLI")
    let workDirectory = context.pluginWorkDirectoryURL
    let interface = workDirectory.appending(path: ".interface/\(module.name).implicitinterface")
    let supportFile = workDirectory.appending(path: "\(module.name).implicits.swift")
    let sources = module.sourceFiles(withSuffix: "swift").map(\.url)

    var arguments = [
      "analyze", "--module-name", module.name,
      "--sources-root", context.package.directoryURL.path(percentEncoded: false),
      "--emit-interface", interface.path(percentEncoded: false),
      "--emit-support-file", supportFile.path(percentEncoded: false),
    ]
    // The target's `swiftSettings: [.define(…)]` conditions. The build
    // configuration (and so `DEBUG`) is not visible to plugins.
    for condition in module.compilationConditions {
      arguments += ["-D", condition]
    }
    var inputs = sources
    for dependency in Self.implicitsDependencies(of: module) {
      let directory = Self.workDirectory(of: dependency, from: workDirectory, current: module)
      let interface = directory.appending(path: ".interface/\(dependency.name).implicitinterface")
      arguments += ["--plugin-dependency", "\(dependency.name)=\(interface.path(percentEncoded: false))"]
      // A dependency that runs this plugin has its support file among its
      // generated sources: wait for it. One that does not has no interface,
      // and the analysis says which target needs the plugin.
      let supportFile = "\(dependency.name).implicits.swift"
      if let generated = dependency.pluginGeneratedSources.first(where: { $0.lastPathComponent == supportFile }) {
        inputs.append(generated)
      }
    }
    arguments += sources.map { $0.path(percentEncoded: false) }

    return [
      .buildCommand(
        displayName: "Checking implicits of \(module.name)",
        executable: tool.url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [supportFile])
    ]
  }

  /// Every target this one depends on, directly or not, that uses Implicits
  /// itself (and so must have an interface).
  static func implicitsDependencies(of target: SwiftSourceModuleTarget) -> [SwiftSourceModuleTarget] {
    var result: [SwiftSourceModuleTarget] = []
    var seen = Set<String>()
    func visit(_ dependencies: [TargetDependency]) {
      for dependency in dependencies {
        switch dependency {
        case .target(let target):
          guard seen.insert(target.id).inserted, let module = target as? SwiftSourceModuleTarget else { continue }
          if usesImplicits(module) { result.append(module) }
          visit(module.dependencies)
        case .product:
          continue
        @unknown default:
          continue
        }
      }
    }
    visit(target.dependencies)
    return result
  }

  static func usesImplicits(_ target: SwiftSourceModuleTarget) -> Bool {
    target.dependencies.contains { dependency in
      if case .product(let product) = dependency { return product.name == "Implicits" }
      if case .target(let target) = dependency { return target.name == "Implicits" }
      return false
    }
  }

  /// The plugin's work directory for `dependency`: this target's, with the
  /// target's name replaced (`…/outputs/<package>/<target>/destination/ImplicitsAnalysisPlugin`).
  static func workDirectory(of dependency: SwiftSourceModuleTarget, from workDirectory: URL, current: SwiftSourceModuleTarget) -> URL {
    var components = workDirectory.pathComponents
    if let index = components.lastIndex(of: current.name) {
      components[index] = dependency.name
    }
    return URL(fileURLWithPath: components.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
  }
}
