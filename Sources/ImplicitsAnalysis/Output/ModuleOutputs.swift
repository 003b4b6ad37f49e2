import ImplicitsFileSystem
import ImplicitsInterface

/// Writes a module's interface and support file, each only when its bytes
/// changed, each through a temporary file renamed into place.
public enum ModuleOutputs {
  /// Returns which outputs were rewritten.
  @discardableResult
  public static func write(
    _ result: AnalysisResult, interfacePath: String?, supportFilePath: String?
  ) throws -> (interface: Bool, supportFile: Bool) {
    var written = (interface: false, supportFile: false)
    if let interfacePath {
      written.interface = try AtomicFileWriter.write(result.encodedInterface.bytes, to: interfacePath)
    }
    if let supportFilePath {
      written.supportFile = try AtomicFileWriter.write(Array(result.supportFile.utf8), to: supportFilePath)
    }
    return written
  }
}
