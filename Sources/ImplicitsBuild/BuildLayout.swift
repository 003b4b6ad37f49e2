/// Where `implicits build` writes, under the output directory:
///
///     <output-dir>/interfaces/<Module>.implicitinterface
///     <output-dir>/support/<Module>.implicits.swift
///     <output-dir>/state/<Module>.json
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
  public func state(of module: String) -> String { "\(stateDirectory)/\(module).json" }
}
