import ImplicitsAnalysis
import ImplicitsInterface
import Testing

@testable import ImplicitsBuild
import ImplicitsToolSupport
@testable import ImplicitsBuildServer

/// When two values of the types without `Equatable` are the same: every
/// field that travels is equal (what stays with the sender, such as the
/// options that only the server's process sets, is not compared).
extension BuildCodingTests {
  static func same(_ a: ImplicitsBuild.ModuleOutputs, _ b: ImplicitsBuild.ModuleOutputs) -> Bool {
    a.interface == b.interface && a.supportFile == b.supportFile && a.chains == b.chains
  }

  static func same(_ a: ModuleOutcome, _ b: ModuleOutcome) -> Bool {
    let outputs: Bool
    switch (a.outputs, b.outputs) {
    case (nil, nil): outputs = true
    case (let a?, let b?): outputs = same(a, b)
    default: outputs = false
    }
    let head = a.status == b.status && a.seconds == b.seconds && a.reason == b.reason
    let results = a.diagnostics == b.diagnostics && a.errors == b.errors && a.fingerprint == b.fingerprint
    return head && results && a.record == b.record && outputs && a.phases == b.phases
  }

  /// The names the catalogs of the samples know, and one they do not.
  static let catalogNames = ["Core", "App", "Base", "Ext", "Missing", ""]

  /// The same answers to every question, and the same bytes (a catalog's
  /// fields are its own).
  static func same(_ a: UpstreamCatalog, _ b: UpstreamCatalog) -> Bool {
    for module in catalogNames {
      guard a.isModule(module) == b.isModule(module) else { return false }
      // (Asked of modules only, as `generate ninja` asks it.)
      if a.isModule(module),
        a.allInterfaces(below: module).map({ [$0.module, $0.path] }) != b.allInterfaces(below: module).map({ [$0.module, $0.path] })
      {
        return false
      }
      for upstream in catalogNames where a.interfacePath(of: upstream, for: module) != b.interfacePath(of: upstream, for: module) {
        return false
      }
    }
    return a.outputDirectory == b.outputDirectory && a.encoded == b.encoded
  }

  static func same(_ a: BuildOptions, _ b: BuildOptions) -> Bool {
    let paths = a.manifestPath == b.manifestPath && a.outputDirectory == b.outputDirectory && a.reportPath == b.reportPath
    let selection = a.jobs == b.jobs && a.defines == b.defines && a.configuration == b.configuration && a.modules == b.modules
    let output = a.progressStyle == b.progressStyle && a.diagnosticsFormat == b.diagnosticsFormat
    let flags = [a.warningsAsErrors, a.keepGoing, a.explain, a.colorDiagnostics]
      == [b.warningsAsErrors, b.keepGoing, b.explain, b.colorDiagnostics]
    return paths && selection && output && flags
  }

  static func same(_ a: WorkerRequest, _ b: WorkerRequest) -> Bool {
    switch (a, b) {
    case (.catalog(let a), .catalog(let b)): same(a, b)
    case (.analyze(let jobA, let reasonA, let knownA), .analyze(let jobB, let reasonB, let knownB)),
      (.begin(let jobA, let reasonA, let knownA), .begin(let jobB, let reasonB, let knownB)):
      jobA == jobB && reasonA == reasonB && knownA == knownB
    case (.finish, .finish), (.abandon, .abandon): true
    case (.catalog, _), (.analyze, _), (.begin, _), (.finish, _), (.abandon, _): false
    }
  }

  static func same(_ a: WorkerMessage, _ b: WorkerMessage) -> Bool {
    switch (a, b) {
    case (.file(let stageA, let pathA), .file(let stageB, let pathB)): stageA == stageB && pathA == pathB
    case (.outcome(let a), .outcome(let b)): same(a, b)
    case (.begun, .begun): true
    case (.released(let a), .released(let b)): a == b
    case (.file, _), (.outcome, _), (.begun, _), (.released, _): false
    }
  }

  static func same(_ a: BuildServerRequest, _ b: BuildServerRequest) -> Bool {
    switch (a, b) {
    case (.build(let optionsA, let directoryA, let widthA, let umaskA), .build(let optionsB, let directoryB, let widthB, let umaskB)):
      same(optionsA, optionsB) && directoryA == directoryB && widthA == widthB && umaskA == umaskB
    case (.interrupt, .interrupt), (.status, .status), (.stop, .stop): true
    case (.build, _), (.interrupt, _), (.status, _), (.stop, _): false
    }
  }

  static func same(_ a: BuildServerMessage, _ b: BuildServerMessage) -> Bool {
    switch (a, b) {
    case (.output(let a), .output(let b)), (.progress(let a), .progress(let b)), (.status(let a), .status(let b)),
      (.refused(let a), .refused(let b)):
      a == b
    case (.exit(let a), .exit(let b)): a == b
    case (.alive, .alive): true
    case (.output, _), (.progress, _), (.status, _), (.exit, _), (.alive, _), (.refused, _): false
    }
  }

  /// The catalog the bytes of the samples describe answers as the graph
  /// they were written from: through a module to its dependencies and
  /// theirs, never upwards, never to itself.
  @Test func aDecodedCatalogAnswersAsItsGraph() {
    let catalog = Self.catalogs[0]
    let layout = BuildLayout(outputDirectory: "/p/.implicits")
    #expect(catalog.outputDirectory == "/p/.implicits")
    #expect(catalog.interfacePath(of: "Core", for: "App") == layout.interface(of: "Core"))
    #expect(catalog.interfacePath(of: "Ext", for: "App") == "/interfaces/Ext.implicitinterface")
    #expect(catalog.interfacePath(of: "Base", for: "App") == "/interfaces/Base.implicitinterface")
    #expect(catalog.interfacePath(of: "Base", for: "Core") == "/interfaces/Base.implicitinterface")
    #expect(catalog.interfacePath(of: "App", for: "Core") == nil)
    #expect(catalog.interfacePath(of: "Ext", for: "Core") == nil)
    #expect(catalog.interfacePath(of: "App", for: "App") == nil)
    #expect(catalog.isModule("App") && catalog.isModule("Core") && !catalog.isModule("Ext") && !catalog.isModule("Missing"))
    #expect(catalog.allInterfaces(below: "App").map(\.module) == ["Core", "Base", "Ext"])
  }
}
