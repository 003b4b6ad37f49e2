import ImplicitsTestSupport
import Testing
@testable import ImplicitsInterface

@Suite("Deterministic output")
struct DeterminismTests {
  /// Every array shuffled, nested ones included (parameters excepted: their
  /// order is part of the signature).
  static func shuffled(_ content: InterfaceContent, seed: UInt64) -> InterfaceContent {
    var random = SeededRandom(seed: seed)
    var copy = content
    copy.reexports.shuffle(using: &random)
    copy.namedKeys.shuffle(using: &random)
    copy.typealiases.shuffle(using: &random)
    copy.types = copy.types.map { type in
      var type = type
      type.conformances.shuffle(using: &random)
      type.properties.shuffle(using: &random)
      return type
    }
    copy.types.shuffle(using: &random)
    copy.functions = copy.functions.map { function in
      var function = function
      function.requirements.shuffle(using: &random)
      return function
    }
    copy.functions.shuffle(using: &random)
    return copy
  }

  @Test("shuffled arrays give the same bytes", arguments: 1...25)
  func shuffledArrays(seed: UInt64) {
    let content = Fixtures.richContent()
    var random = SeededRandom(seed: seed &* 7919)
    let reference = Fixtures.encode(content)
    let shuffledContent = Self.shuffled(content, seed: seed)
    let upstream = Fixtures.upstream.shuffled(using: &random)
    #expect(shuffledContent != content || seed == 0)
    #expect(Fixtures.encode(shuffledContent, upstream: upstream) == reference)
    #expect(InterfaceWriter.fingerprint(of: shuffledContent) == InterfaceWriter.fingerprint(of: content))
    #expect(shuffledContent.normalized() == content.normalized())
  }

  @Test("duplicates are removed before encoding")
  func duplicates() {
    let content = Fixtures.richContent()
    var doubled = content
    doubled.reexports += doubled.reexports
    doubled.types = doubled.types.map { type in
      var type = type
      type.conformances += type.conformances
      return type
    }
    doubled.functions = doubled.functions.map { function in
      var function = function
      function.requirements += function.requirements.reversed()
      return function
    }
    #expect(Fixtures.encode(doubled) == Fixtures.encode(content))
    #expect(doubled.normalized() == content.normalized())
  }

  @Test("normalizing is idempotent")
  func idempotent() {
    let once = Fixtures.richContent().normalized()
    #expect(once.normalized() == once)
    #expect(Fixtures.encode(once) == Fixtures.encode(Fixtures.richContent()))
  }

  /// Overloads that differ only in their parameter types have the same
  /// name and labels; records that tie on their sort key must still come
  /// out in one order whatever the input order.
  @Test("records with equal sort keys", arguments: 1...10)
  func equalSortKeys(seed: UInt64) throws {
    func overload(_ requirement: String, file: String) -> FunctionDecl {
      FunctionDecl(
        owner: "M.Feed", baseName: "load", kind: .function, isStatic: false,
        parameters: [.init(label: nil), .init(label: "scope", isScope: true)], visibility: .public,
        requirements: [.type(requirement)], file: file)
    }
    let content = InterfaceContent(
      moduleName: "M",
      namedKeys: [
        NamedKeyDecl(name: "k", valueType: "Swift.Int", visibility: .public),
        NamedKeyDecl(name: "k", valueType: "Swift.String", visibility: .public),
      ],
      types: [
        TypeDecl(qualifiedName: "M.Box.Inner", kind: .struct, visibility: .public, isFinal: true),
        TypeDecl(qualifiedName: "M.Box.Inner", kind: .enum, visibility: .public, isFinal: true),
      ],
      typealiases: [
        // `typealias Element` in two constrained extensions of one type.
        TypealiasDecl(qualifiedName: "M.Box.Element", target: "Swift.Int", visibility: .public),
        TypealiasDecl(qualifiedName: "M.Box.Element", target: "Swift.String", visibility: .public),
      ],
      functions: [
        overload("M.A", file: "A.swift"), overload("M.B", file: "B.swift"), overload("M.C", file: "A.swift"),
      ])
    let reference = InterfaceWriter.encode(content, upstream: [])
    let shuffledContent = Self.shuffled(content, seed: seed)
    #expect(InterfaceWriter.encode(shuffledContent, upstream: []) == reference)
    #expect(InterfaceWriter.fingerprint(of: shuffledContent) == InterfaceWriter.fingerprint(of: content))
    // And every record survives the round trip.
    let file = try InterfaceFile(bytes: reference, path: "M", expectedModule: "M")
    let decoded = file.decodeContent()
    #expect(decoded == content.normalized())
    #expect(decoded.functions.count == 3)
    #expect(decoded.types.count == 2)
    #expect(Set(decoded.types.map(\.kind)) == [.struct, .enum])
    #expect(file.functions(owner: "M.Feed", baseName: "load").count == 3)
  }

  @Test("nothing depends on time or on the run")
  func repeated() {
    let content = Fixtures.richContent()
    let first = Fixtures.encode(content)
    for _ in 0..<3 { #expect(Fixtures.encode(content) == first) }
  }
}
