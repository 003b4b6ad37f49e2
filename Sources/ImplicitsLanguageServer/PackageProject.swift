import Foundation
import ImplicitsFileSystem
import ImplicitsInterface

/// The targets of a SwiftPM package that use Implicits, as
/// `swift package describe --type json` gives them: a file's module is the
/// target whose folder holds it; the interfaces of the targets it depends
/// on are where `ImplicitsAnalysisPlugin` writes them in the package's
/// `.build`, and a target whose interface is missing, or whose files are
/// open with other text, is analyzed in memory.
final class PackageProject: ProjectModel, @unchecked Sendable {
  struct Target {
    var name: String
    /// Absolute.
    var path: String
    var sources: [String]
    var dependencies: [String]
    var usesImplicits: Bool
  }

  let packageDirectory: String
  private(set) var targets: [String: Target] = [:]
  let problem: String?
  var identity: String { packageDirectory }
  /// Where the plugin's interfaces are looked for.
  private let fileSystem: any FileSystem

  init(
    packageDirectory: String, fileSystem: any FileSystem = LocalFileSystem(),
    describe: (String) -> Result<[UInt8], ToolFailure> = PackageProject.describe
  ) {
    self.packageDirectory = packageDirectory
    self.fileSystem = fileSystem
    switch describe(packageDirectory) {
    case .failure(let reason):
      problem = "the package at \(packageDirectory) cannot be described: \(reason.message)"
    case .success(let bytes):
      guard let json = JSONText.parse(Array(bytes.drop { $0 != UInt8(ascii: "{") })), let list = json["targets"]?.array else {
        problem = "the package at \(packageDirectory) cannot be described: 'swift package describe' printed no targets"
        return
      }
      for entry in list {
        guard let name = entry["name"]?.string, let path = entry["path"]?.string else { continue }
        let folder = PathUtilities.absolute(path, relativeTo: packageDirectory)
        let products = entry["product_dependencies"]?.array?.compactMap(\.string) ?? []
        targets[name] = Target(
          name: name, path: folder,
          sources: (entry["sources"]?.array?.compactMap(\.string) ?? []).filter { $0.hasSuffix(".swift") }
            .map { PathUtilities.absolute($0, relativeTo: folder) },
          dependencies: entry["target_dependencies"]?.array?.compactMap(\.string) ?? [],
          usesImplicits: products.contains("Implicits") || name == "Implicits")
      }
      problem = nil
    }
  }

  /// `swift package describe --type json`, run in the package's folder.
  static func describe(_ directory: String) -> Result<[UInt8], ToolFailure> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", directory, "describe", "--type", "json"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    do {
      try process.run()
    } catch {
      return .failure(.cannotRunPackageDescribe(error))
    }
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(.packageDescribeFailed(status: process.terminationStatus))
    }
    return .success(Array(bytes))
  }

  func lists(_ path: String) -> Bool {
    targets.values.contains { $0.sources.contains(path) }
  }

  func module(containing path: String) -> String? {
    targets.values.filter { $0.usesImplicits && path.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }?.name
  }

  func context(of module: String, isEdited: (String) -> Bool) -> ModuleContext? {
    guard let target = targets[module] else { return nil }
    var order: [String] = []
    var seen = Set<String>()
    func visit(_ name: String) {
      guard seen.insert(name).inserted, let target = targets[name] else { return }
      for dependency in target.dependencies { visit(dependency) }
      if name != module, target.usesImplicits { order.append(name) }
    }
    visit(module)
    var upstream: [ModuleContext.Upstream] = []
    for name in order {
      let dependency = targets[name]!
      let below = Set(transitiveDependencies(of: name))
      var context = ModuleContext(name: name, sourcesRoot: packageDirectory, files: dependency.sources, conditions: [])
      context.upstream = upstream.filter { below.contains($0.module) }
      let interface = pluginInterface(of: name)
      let current = interface != nil && !dependency.sources.contains(where: isEdited)
      upstream.append(ModuleContext.Upstream(module: name, interfacePath: current ? interface : nil, context: context))
    }
    return ModuleContext(
      name: module, sourcesRoot: packageDirectory, files: target.sources, conditions: [], upstream: upstream)
  }

  private func transitiveDependencies(of name: String) -> [String] {
    var result: [String] = []
    var seen = Set<String>()
    func visit(_ name: String) {
      for dependency in targets[name]?.dependencies ?? [] where seen.insert(dependency).inserted {
        result.append(dependency)
        visit(dependency)
      }
    }
    visit(name)
    return result
  }

  /// Where the plugin wrote the target's interface, if it did:
  /// `.build/plugins/outputs/<package>/<target>/destination/ImplicitsAnalysisPlugin/.interface/`.
  private func pluginInterface(of target: String) -> String? {
    let outputs = packageDirectory + "/.build/plugins/outputs"
    guard case .success(let packages) = fileSystem.entries(of: outputs) else { return nil }
    for package in packages.sorted() {
      let path =
        "\(outputs)/\(package)/\(target)/destination/ImplicitsAnalysisPlugin/.interface/\(target).implicitinterface"
      if case .success(let status) = fileSystem.status(path), status.kind == .file { return path }
    }
    return nil
  }
}

/// The language server's own errors of its surroundings.
extension ToolFailure {
  static func cannotRunPackageDescribe(_ error: any Error) -> ToolFailure {
    ToolFailure("cannot run 'swift package describe': \(error)")
  }

  static func packageDescribeFailed(status: Int32) -> ToolFailure {
    ToolFailure("'swift package describe' exited with \(status)")
  }
}
