import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport

/// Where one module's time in a build went, in seconds: the build's own
/// steps around the analysis (planning it, handing it to a worker and
/// taking its outcome back, writing its outputs and record) and the
/// analysis's stages. The build report gives them per module and summed
/// (`docs/user-guide.md`, "The build report").
package struct ModulePhases: Sendable, Equatable, Encodable {
  /// Checking whether the module is stale: its record, its sources'
  /// stamps and hashes, its dependencies' fingerprints.
  package var planning = 0.0
  /// Reading and hashing the sources that changed.
  package var sources = 0.0
  /// The analyzer's stages (`AnalysisTimes`); its outputs with the chains
  /// rendered to their bytes.
  package var analysis = AnalysisTimes()
  /// Sending the job to a worker process and taking its outcome back (no
  /// worker: none).
  package var handOff = 0.0
  /// Writing the outputs (each to a temporary file, synced, renamed) and
  /// storing the record.
  package var recording = 0.0

  package init() {}

  /// The stages of an analysis that took `times`, after `sources`.
  init(sources: Double, analysis times: AnalysisTimes) {
    self.sources = sources
    analysis = times
  }

  /// Every phase, by the name the report gives it, in order.
  package static let all: [(name: String, value: WritableKeyPath<ModulePhases, Double> & Sendable)] = [
    ("planning", \.planning), ("sources", \.sources), ("parse", \.analysis.parse),
    ("declarations", \.analysis.declarations), ("interfaces", \.analysis.interfaces), ("bodies", \.analysis.bodies),
    ("requirements", \.analysis.requirements), ("outputs", \.analysis.outputs), ("handOff", \.handOff),
    ("recording", \.recording),
  ]

  /// Every phase together.
  package var total: Double { Self.all.reduce(0) { $0 + self[keyPath: $1.value] } }

  /// The phases of `self` and `other`, added.
  package static func + (lhs: ModulePhases, rhs: ModulePhases) -> ModulePhases {
    var sum = lhs
    for (_, value) in all { sum[keyPath: value] += rhs[keyPath: value] }
    return sum
  }

  private struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// One object, a member per phase.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Name.self)
    for (name, value) in Self.all { try container.encode(self[keyPath: value], forKey: Name(stringValue: name)) }
  }
}

/// A worker sends the phases it measured (the build adds its own).
extension ModulePhases: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    for (_, value) in Self.all { self[keyPath: value].encode(to: &writer) }
  }

  package init?(from reader: inout ByteReader) {
    self.init()
    for (_, value) in Self.all {
      guard let seconds = Double(from: &reader) else { return nil }
      self[keyPath: value] = seconds
    }
  }
}
