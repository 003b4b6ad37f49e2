import Foundation

/// The tool's own executable, the one way each use finds it.
enum ToolExecutable {
  /// The file running now (symbolic links resolved): what worker
  /// processes run, so that they are the same build as the parent.
  static var running: String? { Bundle.main.executablePath }

  /// The executable as it was started (a symbolic link such as
  /// `.build/debug/implicits` is kept, not resolved to the
  /// architecture-specific folder); looked up in `PATH` when started by
  /// name. What generated build files run, so that they survive a rebuild
  /// of the tool into another folder.
  static func asInvoked() -> String {
    let invoked = CommandLine.arguments[0]
    if invoked.contains("/") { return invoked }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = String(folder) + "/" + invoked
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return running ?? invoked
  }
}
