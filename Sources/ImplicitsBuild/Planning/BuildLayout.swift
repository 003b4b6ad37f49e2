import ImplicitsFileSystem

/// Where `implicits build` writes, under the output directory:
///
///     <output-dir>/interfaces/<Module>.implicitinterface
///     <output-dir>/support/<Module>.implicits.swift
///     <output-dir>/state/<Module>.chains.json
///     <output-dir>/build.db
///
/// The interfaces folder can serve as a search path. The layout changes
/// only with the manifest version.
public struct BuildLayout: Sendable {
  public let outputDirectory: String

  public init(outputDirectory: String) {
    self.outputDirectory = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
  }

  public var interfacesDirectory: String { outputDirectory + "/interfaces" }
  public var supportDirectory: String { outputDirectory + "/support" }
  public var stateDirectory: String { outputDirectory + "/state" }

  public func interface(of module: String) -> String { "\(interfacesDirectory)/\(module).implicitinterface" }
  public func supportFile(of module: String) -> String { "\(supportDirectory)/\(module).implicits.swift" }
  public func chains(of module: String) -> String { "\(stateDirectory)/\(module).chains.json" }

  /// Removes the temporary files a killed build left (`.<name>.tmp-…`),
  /// and the records of builds before the build database
  /// (`state/<Module>.json`, `timings.json`); called with the output
  /// directory locked, when no writer can be busy.
  func removeLeftoverFiles(fileSystem: any FileSystem) {
    for directory in [outputDirectory, interfacesDirectory, supportDirectory, stateDirectory] {
      let names = (try? fileSystem.entries(of: directory).get()) ?? []
      for name in names {
        let obsolete =
          directory == stateDirectory
          ? name.hasSuffix(".json") && !name.hasSuffix(".chains.json") : directory == outputDirectory && name == "timings.json"
        if AtomicFileWriter.isTemporaryFile(name) || obsolete { fileSystem.remove(directory + "/" + name) }
      }
    }
  }
}
