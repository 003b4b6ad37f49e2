import ImplicitsTestSupport
import Foundation

/// Compiles programs that use `Implicits` with `swiftc`, against the
/// runtime built next to the test bundle: its module, the C runtime's
/// headers, the macro plugin and the runtime's object files.
enum RuntimeCompiler {
  /// The build products folder (`.build/debug`) that holds `implicits`.
  static let buildDirectory: URL = CommandLineTool.executable.deletingLastPathComponent()

  /// The package's root folder.
  static let repository: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The object files of `Implicits` and `CImplicitsRuntime`, to link into
  /// an executable.
  static func runtimeObjects() throws -> [String] {
    try ["Implicits.build", "CImplicitsRuntime.build"].flatMap { folder in
      let directory = buildDirectory.appendingPathComponent(folder)
      return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".o") }.sorted().map { directory.appendingPathComponent($0).path }
    }
  }

  /// What every compile of a module that imports `Implicits` needs: the
  /// module search paths and the `#implicits` macro's plugin.
  static func importArguments(moduleName: String) -> [String] {
    ["-module-name", moduleName] + searchArguments
  }

  /// The module search paths and the macro's plugin, for `swiftc` and its
  /// frontend alike.
  static var searchArguments: [String] {
    [
      "-I", buildDirectory.appendingPathComponent("Modules").path,
      "-I", repository.appendingPathComponent("Sources/CImplicitsRuntime/include").path,
      "-load-plugin-executable", buildDirectory.appendingPathComponent("ImplicitsMacros-tool").path + "#ImplicitsMacros",
    ]
  }

  /// Runs `swiftc` with `arguments` in `directory`; a compile still running
  /// after `killAfter` seconds is killed.
  static func swiftc(_ arguments: [String], in directory: String, killAfter: Double = 300) throws
    -> CommandLineTool.Result
  {
    try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, in: directory, killAfter: killAfter)
  }
}
