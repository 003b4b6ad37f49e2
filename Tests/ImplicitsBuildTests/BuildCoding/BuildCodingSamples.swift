import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

@testable import ImplicitsBuild
import ImplicitsToolSupport
@testable import ImplicitsBuildServer

/// The values of the round trips: each field of its own value, so that two
/// fields swapped or one left out by `encode` or `init(from:)` shows.
extension BuildCodingTests {
  typealias Location = ImplicitsAnalysis.SourceLocation

  /// One round trip per conforming type.
  static var roundTrips: [RoundTrip] {
    [
      RoundTrip(["", "ascii", "ünïcödé 😀", "a\u{0}b\nc", String(repeating: "long ", count: 60)], same: ==),
      RoundTrip([0, 1, -1, 127, 128, Int.max, Int.min], same: ==),
      RoundTrip([0, -1, Int64.max, Int64.min, 1 << 40] as [Int64], same: ==),
      RoundTrip([0, -0.0, .pi, -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude] as [Double]) {
        $0.bitPattern == $1.bitPattern
      },
      RoundTrip([true, false], same: ==),
      RoundTrip([nil, "", "present"] as [String?], same: ==),
      RoundTrip([[], ["one"], ["one", "", "three"]] as [[String]], same: ==),
      RoundTrip([[:], ["b": 2, "a": 1, "": 0, "é": -5]] as [[String: Int]], same: ==),
      RoundTrip(locations, same: ==),
      RoundTrip(notes, same: ==),
      RoundTrip(fixIts, same: ==),
      RoundTrip(diagnostics, same: ==),
      RoundTrip(stamps, same: ==),
      RoundTrip(sourceRecords, same: ==),
      RoundTrip(states, same: ==),
      RoundTrip(jobs, same: ==),
      RoundTrip(moduleOutputs, same: same),
      RoundTrip(releasedInterfaces, same: ==),
      RoundTrip(phases, same: ==),
      RoundTrip(outcomes, same: same),
      RoundTrip(catalogs, same: same),
      RoundTrip(options, same: same),
      RoundTrip(workerRequests, same: same),
      RoundTrip(workerMessages, same: same),
      RoundTrip(serverRequests, same: same),
      RoundTrip(serverMessages, same: same),
      RoundTrip(reasons, same: ==),
      RoundTrip(exitStatuses, same: ==),
      RoundTrip(toolFailures, same: ==),
    ]
  }

  // MARK: Values

  static var severities: [Diagnostic.Severity] { [.error, .warning, .note] }
  static var stages: [AnalysisStage] { [.parsing, .collecting, .analyzingBodies] }
  static var styles: [ProgressStyle] { [.statusLine, .lines, .verbose, .quiet] }
  static var statuses: [ModuleOutcome.Status] { [.analyzed, .upToDate, .failed, .notRun] }

  static var locations: [Location] {
    [
      Location(file: "/work/App/Sources/Main.swift", line: 12, column: 7),
      Location(file: "Relative/Ünï.swift", line: 40_000, column: 300),
      Location(file: "", line: 0, column: 0),
    ]
  }

  static var notes: [Diagnostic.Note] {
    [
      Diagnostic.Note(location: locations[0], message: "called from 'start()' here"),
      Diagnostic.Note(location: locations[1], message: "candidate: 'clock' of type 'Clock'"),
    ]
  }

  static var fixIts: [Diagnostic.FixIt] {
    [
      Diagnostic.FixIt(start: locations[0], end: locations[1], replacement: "@Implicit var clock: Clock\n"),
      Diagnostic.FixIt(start: locations[2], end: locations[2], replacement: ""),
    ]
  }

  /// Every rule, every severity; without notes and fix-its, and with two
  /// of each.
  static var diagnostics: [Diagnostic] {
    DiagnosticRule.allCases.enumerated().map { index, rule in
      Diagnostic(
        location: locations[index % locations.count], severity: severities[index % severities.count], rule: rule,
        message: "message \(index) of \(rule.rawValue)", notes: index % 2 == 0 ? [] : notes,
        fixIts: index % 2 == 0 ? [] : fixIts.reversed())
    }
  }

  static var stamps: [FileStamp] {
    [FileStamp(size: 0, modified: 0), FileStamp(size: 12_345, modified: 1_700_000_000_123_456_789),
     FileStamp(size: 1, modified: -1)]
  }

  static var sourceRecords: [ModuleState.SourceRecord] {
    [
      ModuleState.SourceRecord(hash: String(repeating: "ab", count: 32), size: 4_096, modified: 1_700_000_000_000_000_001),
      ModuleState.SourceRecord(hash: "", size: 0, modified: 0),
    ]
  }

  static var states: [ModuleState] {
    [
      ModuleState(
        module: "FeatureKit", seconds: 1.25, toolVersion: "1.2.3 build-id 0badc0de", options: "options-hash",
        interfaceFingerprint: "fingerprint", supportFile: "support-hash", interfaceStamp: stamps[1],
        supportFileStamp: stamps[2], sources: ["Sources/A.swift": sourceRecords[0], "Sources/B.swift": sourceRecords[1]],
        upstream: ["Core": "core-fingerprint", "Network": "network-fingerprint"], warnings: Array(diagnostics.prefix(3))),
      ModuleState(
        module: "Empty", seconds: 0, toolVersion: "", options: "", interfaceFingerprint: "", supportFile: "",
        interfaceStamp: nil, supportFileStamp: nil, sources: [:], upstream: [:], warnings: []),
    ]
  }

  static var jobs: [AnalysisJob] {
    [
      AnalysisJob(
        module: "FeatureKit", sources: ["/p/FeatureKit/A.swift", "/p/FeatureKit/B.swift"], sourcesRoot: "/p/FeatureKit",
        conditions: ["DEBUG", "FEATURE_X"], enableExporting: true, optionsSignature: "signature",
        outputDirectory: "/p/.implicits"),
      AnalysisJob(
        module: "Core", sources: [], sourcesRoot: "", conditions: [], enableExporting: false, optionsSignature: "",
        outputDirectory: ""),
    ]
  }

  static var releasedInterfaces: [ReleasedInterface] {
    [
      ReleasedInterface(bytes: [1, 2, 3, 0, 255], fingerprint: "f1", hasWarnings: true),
      ReleasedInterface(bytes: [], fingerprint: "", hasWarnings: false),
    ]
  }

  static var moduleOutputs: [ImplicitsBuild.ModuleOutputs] {
    [
      ImplicitsBuild.ModuleOutputs(interface: [0, 1, 2, 255], supportFile: Array("// support\n".utf8), chains: Array("{}".utf8)),
      ImplicitsBuild.ModuleOutputs(interface: [], supportFile: [], chains: []),
      ImplicitsBuild.ModuleOutputs(interface: nil, supportFile: Array("// s\n".utf8), chains: [1]),
    ]
  }

  /// Every phase with a value of its own; none.
  static var phases: [ModulePhases] {
    var each = ModulePhases()
    for (index, phase) in ModulePhases.all.enumerated() { each[keyPath: phase.value] = Double(index) + 0.25 }
    return [each, ModulePhases()]
  }

  /// Every status; optionals absent and present. (`started` and
  /// `failedOnWarnings` do not travel: the build sets them when it takes
  /// an outcome.)
  static var outcomes: [ModuleOutcome] {
    statuses.enumerated().map { index, status in
      var outcome = ModuleOutcome(
        status: status, seconds: Double(index) + 0.5, reason: reasons[index],
        diagnostics: index == 0 ? [] : Array(diagnostics.prefix(index)),
        errors: index == 2 ? [ToolFailure("cannot read 'A.swift'", at: "/p/A.swift:3:1"), ToolFailure("second")] : [],
        fingerprint: index % 2 == 0 ? "fingerprint \(index)" : nil)
      outcome.record = index % 2 == 0 ? states[index / 2] : nil
      outcome.outputs = index < 2 ? moduleOutputs[index] : nil
      outcome.phases = index % 2 == 1 ? phases[0] : nil
      return outcome
    }
  }

  /// A catalog as a build's graph gives it: App depends on Core and the
  /// external Ext, Core on the external Base; Base and Ext have paths.
  static var catalogs: [UpstreamCatalog] {
    var writer = ByteWriter()
    "/p/.implicits".encode(to: &writer)
    ["Core", "App", "Base", "Ext"].encode(to: &writer)
    writer.varint(2)
    for edges in [[2], [0, 3]] {
      writer.varint(edges.count)
      for edge in edges { writer.varint(edge) }
    }
    ["/interfaces/Base.implicitinterface", "/interfaces/Ext.implicitinterface"].encode(to: &writer)
    var empty = ByteWriter()
    "".encode(to: &empty)
    [String]().encode(to: &empty)
    empty.varint(0)
    [String]().encode(to: &empty)
    return [writer.bytes, empty.bytes].map { UpstreamCatalog(decoding: $0)! }
  }

  /// Every progress style and diagnostics format; optionals absent and
  /// present.
  static var options: [BuildOptions] {
    let formats = DiagnosticFormat.allCases
    return (0..<max(styles.count, formats.count)).map { index in
      var options = BuildOptions(
        manifestPath: "/p/implicits-\(index).yaml", jobs: index + 1, keepGoing: index % 2 == 0,
        outputDirectory: index % 2 == 0 ? "/p/out-\(index)" : nil, explain: index % 3 == 0,
        diagnosticsFormat: formats[index % formats.count], reportPath: index % 2 == 1 ? "report-\(index).json" : nil,
        modules: Array(["Core", "App", "Feature"].prefix(index)))
      options.defines = Array(["DEBUG", "TRACE"].prefix(index % 3))
      options.configuration = index % 2 == 1 ? "release-\(index)" : nil
      options.progressStyle = styles[index % styles.count]
      options.warningsAsErrors = index % 2 == 1
      options.colorDiagnostics = index % 3 != 0
      return options
    }
  }

  static var workerRequests: [WorkerRequest] {
    [
      .catalog(catalogs[0]),
      .analyze(jobs[0], reason: .sourcesChanged(["A.swift"]), known: ["A.swift": sourceRecords[0], "B.swift": sourceRecords[1]]),
      .analyze(jobs[1], reason: .noPreviousAnalysis, known: [:]),
      .begin(jobs[0], reason: .sourcesChanged(["A.swift"]), known: ["A.swift": sourceRecords[0]]),
      .begin(jobs[1], reason: .noPreviousAnalysis, known: [:]),
      .finish, .abandon,
    ]
  }

  static var workerMessages: [WorkerMessage] {
    stages.map { WorkerMessage.file(stage: $0, path: "/p/Sources/\($0).swift") } + outcomes.map { WorkerMessage.outcome($0) }
      + [.begun] + releasedInterfaces.map { WorkerMessage.released($0) }
  }

  static var serverRequests: [BuildServerRequest] {
    [
      .build(options[0], directory: "/p", terminalWidth: nil, umask: 0o022),
      .build(options[1], directory: "", terminalWidth: 132, umask: 0o077),
      .interrupt, .status, .stop,
    ]
  }

  static var serverMessages: [BuildServerMessage] {
    [.output("diagnostics\n"), .progress("Analyzing Core"), .status("[1/2] Analyzing…"), .exit(.interrupted),
     .exit(ExitStatus(Int32.min)), .exit(.success), .alive, .refused("another version")]
  }

  /// Every reason, with fields of their own.
  static var reasons: [ModuleReason] {
    [
      .noPreviousAnalysis, .toolChanged(from: "0.9 (build 1a)", to: "1.0 (build 2b)"), .optionsChanged,
      .sourcesChanged(["A.swift", "B.swift", "C.swift", "D.swift"]), .upstreamChanged("Core"), .interfaceMissingOrModified,
      .supportFileMissingOrModified, .unchanged, .upstreamUnusable("Ext"), .sourceUnreadable, .noWorkerProcess,
      .analysisCrashed, .interruptedWhileAnalyzed, .dependencyFailed("Base"), .buildStopped(interrupted: true),
      .buildStopped(interrupted: false),
    ]
  }

  static var exitStatuses: [ExitStatus] { [.success, .failure, .unusable, .interrupted, ExitStatus(Int32.min)] }

  static var toolFailures: [ToolFailure] {
    [ToolFailure("no place"), ToolFailure("cannot read source file", at: "/p/A.swift:3:1"), ToolFailure("", at: "")]
  }
}
