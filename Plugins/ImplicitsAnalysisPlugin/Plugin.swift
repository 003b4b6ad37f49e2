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
///
/// The same plugin serves targets of Xcode projects (`XcodeBuildToolPlugin`,
/// compiled only where Xcode's `XcodeProjectPlugin` exists).
@main
struct ImplicitsAnalysisPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else { return [] }
    // Each dependency's support file, where its own command writes it, is
    // an input of this command: that orders the two. SwiftPM does not tell
    // a plugin which sources other targets' plugins generate (a
    // dependency's `pluginGeneratedSources` is empty, or not, from one
    // build to the next), so the path is derived, never looked up.
    let dependencies = Self.implicitsDependencies(of: module).map { dependency in
      let workDirectory = Self.workDirectory(
        of: dependency.name, from: context.pluginWorkDirectoryURL, current: module.name)
      return Analysis.Dependency(
        name: dependency.name, workDirectory: workDirectory,
        generatedSupportFile: workDirectory.appending(path: "\(dependency.name).implicits.swift"))
    }
    return [
      Analysis(
        moduleName: module.name, sources: module.sourceFiles(withSuffix: "swift").map(\.url),
        conditions: module.compilationConditions, dependencies: dependencies,
        sourcesRoot: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
        tool: try context.tool(named: "ImplicitsCLI").url
      ).command()
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

  /// The plugin's work directory for the target `dependency`: this target's,
  /// with the target's name replaced (`…/<target>/destination/ImplicitsAnalysisPlugin`).
  static func workDirectory(of dependency: String, from workDirectory: URL, current: String) -> URL {
    var components = workDirectory.pathComponents
    if let index = components.lastIndex(of: current) {
      components[index] = dependency
    }
    return URL(fileURLWithPath: components.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
  }
}

/// One target's analysis command.
struct Analysis {
  struct Dependency {
    var name: String
    var workDirectory: URL
    /// The dependency's support file, when the plugin generates it: its
    /// command's output, which this command waits for. A dependency that
    /// uses `Implicits` without the plugin has no command that writes it,
    /// and the build stops on the missing input before this command runs.
    var generatedSupportFile: URL?
  }

  var moduleName: String
  var sources: [URL]
  var conditions: [String]
  var dependencies: [Dependency]
  var sourcesRoot: URL
  var workDirectory: URL
  var tool: URL

  func command() -> Command {
    let interface = workDirectory.appending(path: ".interface/\(moduleName).implicitinterface")
    let supportFile = workDirectory.appending(path: "\(moduleName).implicits.swift")
    var arguments = [
      "analyze", "--module-name", moduleName,
      "--sources-root", sourcesRoot.path(percentEncoded: false),
      "--emit-interface", interface.path(percentEncoded: false),
      "--emit-support-file", supportFile.path(percentEncoded: false),
    ]
    // The target's `swiftSettings: [.define(…)]` conditions. The build
    // configuration (and so `DEBUG`) is not visible to plugins.
    for condition in conditions {
      arguments += ["-D", condition]
    }
    var inputs = sources
    for dependency in dependencies {
      let interface = dependency.workDirectory.appending(path: ".interface/\(dependency.name).implicitinterface")
      arguments += ["--plugin-dependency", "\(dependency.name)=\(interface.path(percentEncoded: false))"]
      // Wait for the dependency's command. Where no input can be named
      // (Xcode), a missing interface makes the analysis say which target
      // needs the plugin.
      if let generated = dependency.generatedSupportFile { inputs.append(generated) }
    }
    arguments += sources.map { $0.path(percentEncoded: false) }
    return .buildCommand(
      displayName: "Checking implicits of \(moduleName)",
      executable: tool,
      arguments: arguments,
      inputFiles: inputs,
      outputFiles: [supportFile])
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// Targets of Xcode projects: the same command. The module name is the
  /// target's name with characters that cannot be in an identifier
  /// replaced by `_`, as Xcode's `PRODUCT_MODULE_NAME` does by default.
  extension ImplicitsAnalysisPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let sources = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
      guard !sources.isEmpty else { return [] }
      let dependencies = Self.implicitsDependencies(of: target).map { dependency in
        Analysis.Dependency(
          name: Self.moduleName(of: dependency),
          workDirectory: Self.workDirectory(
            of: dependency.displayName, from: context.pluginWorkDirectoryURL, current: target.displayName),
          generatedSupportFile: nil)
      }
      return [
        Analysis(
          moduleName: Self.moduleName(of: target), sources: sources, conditions: [], dependencies: dependencies,
          sourcesRoot: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
          tool: try context.tool(named: "ImplicitsCLI").url
        ).command()
      ]
    }

    static func moduleName(of target: XcodeTarget) -> String {
      String(target.displayName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// The targets of the project this one depends on, directly or not,
    /// that use the `Implicits` product.
    static func implicitsDependencies(of target: XcodeTarget) -> [XcodeTarget] {
      var result: [XcodeTarget] = []
      var seen = Set<String>()
      func visit(_ dependencies: [XcodeTargetDependency]) {
        for dependency in dependencies {
          guard case .target(let dependencyTarget) = dependency, seen.insert(dependencyTarget.id).inserted else { continue }
          if usesImplicits(dependencyTarget) { result.append(dependencyTarget) }
          visit(dependencyTarget.dependencies)
        }
      }
      visit(target.dependencies)
      return result
    }

    static func usesImplicits(_ target: XcodeTarget) -> Bool {
      target.dependencies.contains { dependency in
        if case .product(let product) = dependency { return product.name == "Implicits" }
        return false
      }
    }
  }
#endif
