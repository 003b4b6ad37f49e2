import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import Testing

@testable import ImplicitsBuild
import ImplicitsToolSupport
@testable import ImplicitsBuildServer

/// The one encoding of what a build keeps and sends (`BuildCodable`): every
/// conforming type, with every field set to a value of its own, optionals
/// both absent and present, and every case of its enums, comes back from
/// its bytes as it was; its bytes encode again to themselves; and no part
/// of them, nor more than them, decodes. Which types must be here the
/// sources say (`BuildCodingCoverage`), not this file: a new conformance
/// without its round trip fails the coverage test.
@Suite struct BuildCodingTests {
  @Test func everyConformingTypeRoundTrips() {
    for roundTrip in Self.roundTrips { roundTrip.run() }
  }

  /// Each type of the sources that conforms has its round trip here; each
  /// enum of them has every case it declares among its values.
  @Test func everyConformanceInTheSourcesHasItsRoundTrip() throws {
    let declared = try BuildCodingCoverage.scan()
    let covered = Dictionary(Self.roundTrips.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(declared.conforming.count >= 20, "the scan of the sources found too little: \(declared.conforming)")
    for type in declared.conforming.sorted() {
      guard let roundTrip = covered[type] else {
        Issue.record("'\(type)' conforms to BuildCodable but has no round trip in BuildCodingTests")
        continue
      }
      if let cases = declared.enumCases[type] {
        #expect(roundTrip.caseNames == cases, "the values of '\(type)' do not cover each of its cases")
      } else {
        #expect(roundTrip.caseNames.isEmpty, "the scan found no cases of the enum '\(type)'")
      }
    }
    #expect(Set(covered.keys).subtracting(declared.conforming).isEmpty, "round trips of types that do not conform")
  }

  /// The enums of raw values inside the messages travel as their raw
  /// values: each case does, under its own.
  @Test func everyCaseOfTheEnumsInsideTheMessagesIsAmongTheValues() throws {
    let declared = try BuildCodingCoverage.scan()
    for (name, cases) in [
      ("Severity", Self.severities.map { "\($0)" }), ("AnalysisStage", Self.stages.map { "\($0)" }),
      ("ProgressStyle", Self.styles.map { "\($0)" }), ("Status", Self.statuses.map { "\($0)" }),
      ("DiagnosticFormat", DiagnosticFormat.allCases.map { "\($0)" }),
      ("DiagnosticRule", DiagnosticRule.allCases.map { "\($0)" }),
    ] {
      #expect(declared.cases(ofEnumNamed: name) == Set(cases), "\(name)")
    }
    // Each used by a value that travels.
    #expect(Set(Self.diagnostics.map(\.rule)) == Set(DiagnosticRule.allCases))
    #expect(Set(Self.diagnostics.map(\.severity)) == Set(Self.severities))
    #expect(Set(Self.options.map(\.progressStyle.rawValue)) == Set(Self.styles.map(\.rawValue)))
    #expect(Set(Self.options.map(\.diagnosticsFormat)) == Set(DiagnosticFormat.allCases))
    #expect(Set(Self.outcomes.map(\.status.rawValue)) == Set(Self.statuses.map(\.rawValue)))
  }

  /// Equal dictionaries have equal bytes, however they were filled.
  @Test func aDictionaryIsEncodedInTheOrderOfItsKeys() {
    var forwards: [String: Int] = [:]
    var backwards: [String: Int] = [:]
    let keys = (0..<50).map { "key\($0)" } + ["", "Z", "a", "é", "😀"]
    for (index, key) in keys.enumerated() { forwards[key] = index }
    for (index, key) in keys.enumerated().reversed() { backwards[key] = index }
    #expect(forwards.encoded == backwards.encoded)
  }

  /// Malformed bytes give nil: a tag no case has, a status out of range.
  @Test func unknownTagsDoNotDecode() {
    for tag: UInt8 in [0, 7, 255] {
      #expect(WorkerRequest(decoding: [tag]) == nil)
      #expect(WorkerMessage(decoding: [tag]) == nil)
      #expect(BuildServerRequest(decoding: [tag]) == nil)
      #expect(BuildServerMessage(decoding: [tag]) == nil)
    }
    var writer = ByteWriter()
    writer.u8(4)
    (Int(Int32.max) + 1).encode(to: &writer)
    #expect(BuildServerMessage(decoding: writer.bytes) == nil)
    #expect(Bool(decoding: [2]) == nil)
    #expect(String?(decoding: [2]) == nil)
  }
}

/// One conforming type's round trips.
struct RoundTrip {
  /// The type's name as the sources spell it (`Diagnostic.Note`,
  /// `Optional`), from the type itself.
  let type: String
  /// For an enum, the cases its values have.
  let caseNames: Set<String>
  let run: () -> Void

  init<Value: BuildCodable>(_ values: [Value], same: @escaping (Value, Value) -> Bool) {
    let reflected = String(reflecting: Value.self)
    let plain = reflected.prefix { $0 != "<" }
    type = plain.split(separator: ".").dropFirst().joined(separator: ".")
    caseNames = Set(values.compactMap { value in
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { return nil }
      return mirror.children.first?.label ?? "\(value)"
    })
    let name = type
    run = {
      #expect(!values.isEmpty, "no values of \(name)")
      for value in values { Self.check(value, type: name, same: same) }
    }
  }

  /// `value`'s bytes decode to a value `same` as it, which encodes to the
  /// same bytes; a part of them, or them and a byte more, decode to nil.
  private static func check<Value: BuildCodable>(_ value: Value, type: String, same: (Value, Value) -> Bool) {
    let bytes = value.encoded
    guard let decoded = Value(decoding: bytes) else {
      Issue.record("\(type): \(value) does not decode from its bytes \(bytes)")
      return
    }
    #expect(same(value, decoded), "\(type): \(value) came back as \(decoded)")
    #expect(decoded.encoded == bytes, "\(type): \(value) encodes differently once decoded")
    for end in 0..<bytes.count where Value(decoding: Array(bytes[..<end])) != nil {
      Issue.record("\(type): the first \(end) of the \(bytes.count) bytes of \(value) decode")
    }
    #expect(Value(decoding: bytes + [0]) == nil, "\(type): \(value) decodes with a byte more")
  }
}
