import Foundation

/// A chain of trivial modules, each depending on the one before: `M0`
/// declares a type and a function that reads it; `M<k>` imports `M<k-1>`
/// and passes its scope to `M<k-1>`'s function, so every function requires
/// the same key, declared at the bottom of the chain. One small file each:
/// what the build does per module beside the analysis is all there is to
/// measure, and it must not grow with the depth.
public struct ChainProject: Sendable {
  public var modules: Int

  public init(modules: Int) {
    precondition(modules >= 1, "a chain has a module at least")
    self.modules = modules
  }

  /// Writes `implicits.yaml` and `Modules/M<k>/M<k>.swift` under
  /// `directory`; returns the manifest's path.
  @discardableResult
  public func write(to directory: String) throws -> String {
    let manager = FileManager.default
    var manifest = "version: 1\noutput-dir: .implicits\nmodules:\n"
    for index in 0..<modules {
      let folder = "\(directory)/Modules/M\(index)"
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try source(index).write(toFile: "\(folder)/M\(index).swift", atomically: true, encoding: .utf8)
      manifest += "  - name: M\(index)\n    sources: [Modules/M\(index)]\n"
      if index > 0 { manifest += "    dependencies: [M\(index - 1)]\n" }
    }
    let path = "\(directory)/implicits.yaml"
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func source(_ index: Int) -> String {
    guard index > 0 else {
      return """
        import Implicits

        public final class Clock {
          public init() {}
        }

        public func tick0(_ scope: ImplicitScope) {
          @Implicit var clock: Clock
          _ = clock
        }

        """
    }
    return """
      import Implicits
      import M\(index - 1)

      public func tick\(index)(_ scope: ImplicitScope) {
        tick\(index - 1)(scope)
      }

      """
  }
}
