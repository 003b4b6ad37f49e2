#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
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

  /// Removes a module's outputs: what a failed module, or one that did not
  /// run because a dependency failed, leaves, as a clean build would (the
  /// build forgets its record).
  func removeOutputs(of module: String) {
    for path in [chains(of: module), interface(of: module), supportFile(of: module)] {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Removes the temporary files a killed build left (`.<name>.tmp-…`),
  /// and the records of builds before the build database
  /// (`state/<Module>.json`, `timings.json`); called with the output
  /// directory locked, when no writer can be busy.
  func removeLeftoverFiles() {
    for directory in [outputDirectory, interfacesDirectory, supportDirectory, stateDirectory] {
      let names = (try? DirectoryEntries.names(in: directory).get()) ?? []
      for name in names {
        let obsolete =
          directory == stateDirectory
          ? name.hasSuffix(".json") && !name.hasSuffix(".chains.json") : directory == outputDirectory && name == "timings.json"
        if AtomicFileWriter.isTemporaryFile(name) || obsolete { unlink(directory + "/" + name) }
      }
    }
  }
}
