import Testing
@testable import ImplicitsInterface

@Suite("Fingerprint")
struct FingerprintTests {
  static func headerFingerprint(_ content: InterfaceContent, toolVersion: String = Fixtures.toolVersion, upstream: [UpstreamRecord] = Fixtures.upstream) throws -> Fingerprint {
    try Fixtures.load(Fixtures.encode(content, toolVersion: toolVersion, upstream: upstream), expectedModule: nil).fingerprint
  }

  @Test("the header holds the fingerprint of the content")
  func header() throws {
    let content = Fixtures.richContent()
    #expect(try Self.headerFingerprint(content) == InterfaceWriter.fingerprint(of: content))
    #expect(InterfaceWriter.fingerprint(of: content).bytes.count == 32)
    #expect(InterfaceWriter.fingerprint(of: content).description.count == 64)
  }

  @Test("unchanged when only the tool version or the upstream records change")
  func unobservable() throws {
    let content = Fixtures.richContent()
    let reference = try Self.headerFingerprint(content)
    #expect(try Self.headerFingerprint(content, toolVersion: "0.0.1") == reference)
    #expect(try Self.headerFingerprint(content, toolVersion: "99.0.0-beta+build.7") == reference)
    #expect(try Self.headerFingerprint(content, upstream: []) == reference)
    #expect(
      try Self.headerFingerprint(
        content, upstream: [UpstreamRecord(moduleName: "Core", fingerprint: Fixtures.fingerprint(200))]) == reference)
    // The files differ, though: the header records them.
    #expect(Fixtures.encode(content, toolVersion: "0.0.1") != Fixtures.encode(content))
    #expect(Fixtures.encode(content, upstream: []) != Fixtures.encode(content))
  }

  /// Changes downstream modules can observe, each applied to the rich
  /// content on its own.
  static let observableChanges: [(String, @Sendable (inout InterfaceContent) -> Void)] = [
    ("module name", { $0.moduleName = "Catalog2" }),
    ("a requirement added", { $0.functions[0].requirements.append(.type("Catalog.Logger")) }),
    ("a requirement removed", { $0.functions[0].requirements.removeLast() }),
    ("a requirement's kind", { $0.functions[1].requirements = [.type("retryCount")] }),
    ("a function's visibility", { $0.functions[0].visibility = .testable }),
    ("a function's file path", { $0.functions[0].file = "Sources/Catalog/Moved/Feed.swift" }),
    ("a function made static", { $0.functions[3].isStatic = true }),
    ("a label", { $0.functions[0].parameters[0].label = "identifier" }),
    ("a label removed", { $0.functions[0].parameters[0].label = nil }),
    ("a default", { $0.functions[0].parameters[0].hasDefault = true }),
    ("the scope parameter", { $0.functions[0].parameters[3].isScope = false }),
    ("a function's kind", { $0.functions[5].kind = .function }),
    ("a function's owner", { $0.functions[3].owner = "Catalog.Store" }),
    ("a function added", {
      $0.functions.append(
        FunctionDecl(
          owner: nil, baseName: "new", kind: .function, isStatic: false, parameters: [], visibility: .public,
          requirements: [], file: "N.swift"))
    }),
    ("a named key's type", { $0.namedKeys[0].valueType = "Swift.String" }),
    ("a named key's visibility", { $0.namedKeys[0].visibility = .testable }),
    ("a named key removed", { $0.namedKeys.removeFirst() }),
    ("a property's type", { $0.types[0].properties[0].type = "Catalog.OtherNetwork" }),
    ("a property's visibility", { $0.types[0].properties[0].visibility = .testable }),
    ("a property made static", { $0.types[0].properties[0].isStatic = true }),
    ("a property added", { $0.types[5].properties.append(PropertyDecl(name: "p", type: "Swift.Int", isStatic: false, visibility: .public)) }),
    ("a type's visibility", { $0.types[0].visibility = .testable }),
    ("a type's kind", { $0.types[0].kind = .class }),
    ("a type's finality", { $0.types[1].isFinal = true }),
    ("a superclass", { $0.types[1].superclass = "Catalog.Base" }),
    ("a superclass removed", { $0.types[1].superclass = nil }),
    ("a conformance", { $0.types[0].conformances.append("Swift.Hashable") }),
    ("a type removed", { $0.types.removeLast() }),
    ("a re-export added", { $0.reexports.append("Combine") }),
    ("a re-export removed", { $0.reexports.removeFirst() }),
    ("a typealias target", { $0.typealiases[0].target = "Swift.Int" }),
    ("a typealias visibility", { $0.typealiases[0].visibility = .testable }),
  ]

  @Test("changed by every observable change", arguments: observableChanges.indices)
  func observable(index: Int) throws {
    let (name, change) = Self.observableChanges[index]
    let content = Fixtures.richContent()
    var changed = content
    change(&changed)
    #expect(changed != content, "\(name): the change does nothing")
    #expect(try Self.headerFingerprint(changed) != Self.headerFingerprint(content), "\(name)")
  }

  @Test("every observable change gives its own fingerprint")
  func distinct() {
    var seen: [Fingerprint: String] = [InterfaceWriter.fingerprint(of: Fixtures.richContent()): "original"]
    for (name, change) in Self.observableChanges {
      var changed = Fixtures.richContent()
      change(&changed)
      let fingerprint = InterfaceWriter.fingerprint(of: changed)
      #expect(seen[fingerprint] == nil, "\(name) has the fingerprint of \(seen[fingerprint] ?? "")")
      seen[fingerprint] = name
    }
  }

  /// Fields that are adjacent in the canonical encoding must not be able
  /// to trade bytes.
  @Test("field boundaries are unambiguous")
  func boundaries() {
    let a = InterfaceContent(moduleName: "M", reexports: ["ab", "c"])
    let b = InterfaceContent(moduleName: "M", reexports: ["a", "bc"])
    #expect(InterfaceWriter.fingerprint(of: a) != InterfaceWriter.fingerprint(of: b))
    let free = InterfaceContent(
      moduleName: "M",
      functions: [
        FunctionDecl(
          owner: nil, baseName: "f", kind: .function, isStatic: false, parameters: [.init(label: nil)],
          visibility: .public, requirements: [], file: "")
      ])
    var emptyLabel = free
    emptyLabel.functions[0].parameters[0].label = ""
    #expect(InterfaceWriter.fingerprint(of: free) != InterfaceWriter.fingerprint(of: emptyLabel))
    let noSuperclass = InterfaceContent(
      moduleName: "M", types: [TypeDecl(qualifiedName: "M.C", kind: .class, visibility: .public, isFinal: false)])
    var emptySuperclass = noSuperclass
    emptySuperclass.types[0].superclass = ""
    #expect(InterfaceWriter.fingerprint(of: noSuperclass) != InterfaceWriter.fingerprint(of: emptySuperclass))
  }
}
