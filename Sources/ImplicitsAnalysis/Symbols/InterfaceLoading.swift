import ImplicitsInterface

extension InterfaceFile: UpstreamInterface {}

/// Loads the interfaces handed to an analysis, failing fast on the first
/// one that is missing, corrupt, of another format or of another module.
public enum InterfaceLoading {
  /// Each file must be named `<Module>.implicitinterface` and declare that
  /// module, and none may be the interface of `moduleName` itself.
  public static func load(_ paths: [String], for moduleName: String) throws(InterfaceError) -> [InterfaceFile] {
    var files: [InterfaceFile] = []
    for path in paths {
      let expected = BagFunctionName.fileName(ofPath: path).components(separatedBy: ".implicitinterface").first
      let file = try InterfaceFile.load(path: path, expectedModule: expected)
      guard file.moduleName != moduleName else {
        throw InterfaceError(kind: .ownModule, path: path, module: moduleName)
      }
      files.append(file)
    }
    return files
  }
}
