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
    try checkConsistency(files)
    return files
  }

  /// Refuses an interface analyzed against another version of an upstream
  /// interface handed over with it: the two disagree on what that module
  /// requires, so one of them is stale.
  public static func checkConsistency(_ files: [InterfaceFile]) throws(InterfaceError) {
    let byModule = Dictionary(files.map { ($0.moduleName, $0) }, uniquingKeysWith: { first, _ in first })
    for file in files {
      for record in file.header.upstream {
        guard let upstream = byModule[record.moduleName], upstream.fingerprint != record.fingerprint else { continue }
        throw InterfaceError(
          kind: .stale(
            upstream: record.moduleName, upstreamPath: upstream.path, recorded: record.fingerprint,
            current: upstream.fingerprint),
          path: file.path, module: file.moduleName)
      }
    }
  }
}
