import Foundation
import Testing
@testable import ImplicitsInterface

@Suite("implicits interface diff")
struct InterfaceDiffTests {
  static let old = Fixtures.richContent()

  static func diff(_ change: (inout InterfaceContent) -> Void) -> InterfaceDiff {
    var new = old
    change(&new)
    return InterfaceDiff.compare(old: old, new: new)
  }

  @Test("no changes")
  func noChanges() {
    let diff = InterfaceDiff.compare(old: Self.old, new: DeterminismTests.shuffled(Self.old, seed: 3))
    #expect(diff.changes.isEmpty)
    #expect(!diff.hasBreakingChanges)
    #expect(diff.module == "Catalog")
    #expect(diff.text == "no changes to module 'Catalog'\n")
  }

  @Test("a gained requirement is breaking, and names the key")
  func gainedRequirement() {
    let diff = Self.diff { $0.functions[3].requirements.append(.named("apiBaseURL")) }
    #expect(diff.hasBreakingChanges)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.isBreaking == true)
    #expect(diff.changes.first?.symbol == "function Catalog.Feed.loadAll(in:)")
    #expect(diff.text.contains("breaking: function Catalog.Feed.loadAll(in:): now requires \\.apiBaseURL"))
    #expect(diff.text.hasSuffix("1 breaking, 0 compatible change to module 'Catalog'\n"))
  }

  @Test("a lost requirement is compatible only")
  func lostRequirement() {
    let diff = Self.diff { $0.functions[0].requirements.removeAll { $0 == .type("Catalog.Analytics") } }
    #expect(!diff.hasBreakingChanges)
    #expect(diff.changes.count == 1)
    #expect(diff.text.contains("compatible: function Catalog.Feed.load(id:_:limit:scope:): no longer requires Catalog.Analytics"))
    #expect(!diff.text.contains("breaking:"))
  }

  @Test("one requirement swapped for another: both reported")
  func swappedRequirement() {
    let diff = Self.diff { $0.functions[3].requirements = [.type("Catalog.Logger")] }
    #expect(diff.changes.filter(\.isBreaking).map(\.description) == ["now requires Catalog.Logger"])
    #expect(diff.changes.filter { !$0.isBreaking }.map(\.description) == ["no longer requires Catalog.Analytics"])
    // Breaking changes come first in the text.
    let lines = diff.text.split(separator: "\n")
    #expect(lines.first?.hasPrefix("breaking:") == true)
    #expect(lines.last == "1 breaking, 1 compatible changes to module 'Catalog'")
  }

  static let breakingChanges: [(String, String, @Sendable (inout InterfaceContent) -> Void)] = [
    ("removed function", "function Catalog.Feed.loadAll(in:)", { $0.functions.remove(at: 3) }),
    ("removed free function", "function load(from:_:)", { $0.functions.remove(at: 6) }),
    ("removed type", "struct Catalog.Émoji😀", { $0.types.removeLast() }),
    ("removed named key", "named key \\.apiBaseURL", { $0.namedKeys.removeFirst() }),
    ("removed typealias", "typealias Catalog.ID", { $0.typealiases.removeFirst() }),
    ("removed re-export", "re-export CoreKit", { $0.reexports.removeFirst() }),
    ("key type changed", "named key \\.apiBaseURL", { $0.namedKeys[0].valueType = "Swift.String" }),
    ("function public → internal", "function Catalog.Feed.loadAll(in:)", { $0.functions[3].visibility = .testable }),
    ("type public → internal", "struct Catalog.Feed", { $0.types[0].visibility = .testable }),
    ("key public → internal", "named key \\.apiBaseURL", { $0.namedKeys[0].visibility = .testable }),
    ("typealias target changed", "typealias Catalog.ID", { $0.typealiases[0].target = "Swift.Int" }),
    ("property type changed", "property Catalog.Feed.network", { $0.types[0].properties[0].type = "Catalog.Other" }),
    ("property removed", "property Catalog.Feed.network", { $0.types[0].properties.remove(at: 0) }),
    ("superclass changed", "class Catalog.Network", { $0.types[1].superclass = "Catalog.Base" }),
    ("conformance lost", "struct Catalog.Feed", { $0.types[0].conformances.removeFirst() }),
    ("kind changed", "class Catalog.Feed", { $0.types[0].kind = .class }),
    ("property public → internal", "property Catalog.Feed.network", { $0.types[0].properties[0].visibility = .testable }),
    ("default removed", "function Catalog.Feed.load(id:_:limit:scope:)", { $0.functions[0].parameters[2].hasDefault = false }),
    ("scope parameter moved", "function Catalog.Feed.init(scope:page:)", {
      $0.functions[4].parameters[0].isScope = false
      $0.functions[4].parameters[1].isScope = true
    }),
    ("class made final", "class Catalog.Network", { $0.types[1].isFinal = true }),
  ]

  @Test("breaking changes", arguments: breakingChanges.indices)
  func breaking(index: Int) {
    let (name, symbol, change) = Self.breakingChanges[index]
    let diff = Self.diff(change)
    #expect(diff.hasBreakingChanges, "\(name)")
    #expect(diff.changes.contains { $0.isBreaking && $0.symbol == symbol }, "\(name): \(diff.changes)")
    #expect(diff.text.contains("breaking: \(symbol): "), "\(name): \(diff.text)")
  }

  static let compatibleChanges: [(String, String, @Sendable (inout InterfaceContent) -> Void)] = [
    ("new function", "function Catalog.Feed.reload(_:)", {
      $0.functions.append(
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "reload", kind: .function, isStatic: false,
          parameters: [.init(label: nil, isScope: true)], visibility: .public, requirements: [.type("Catalog.Network")],
          file: "Sources/Catalog/Feed.swift"))
    }),
    ("new overload", "function Catalog.Feed.loadAll(in:limit:)", {
      var overload = $0.functions[3]
      overload.parameters.append(.init(label: "limit"))
      $0.functions.append(overload)
    }),
    ("new named key", "named key \\.timeout", { $0.namedKeys.append(NamedKeyDecl(name: "timeout", valueType: "Swift.Double", visibility: .public)) }),
    ("new type", "enum Catalog.Mode", { $0.types.append(TypeDecl(qualifiedName: "Catalog.Mode", kind: .enum, visibility: .public, isFinal: true)) }),
    ("new typealias", "typealias Catalog.Name", { $0.typealiases.append(TypealiasDecl(qualifiedName: "Catalog.Name", target: "Swift.String", visibility: .public)) }),
    ("new re-export", "re-export Combine", { $0.reexports.append("Combine") }),
    ("function internal → public", "function Catalog.Feed.load(_:)", { $0.functions[1].visibility = .public }),
    ("function moved to another file", "function Catalog.Feed.loadAll(in:)", { $0.functions[3].file = "Sources/Catalog/Other.swift" }),
    ("default added", "function Catalog.Feed.load(id:_:limit:scope:)", { $0.functions[0].parameters[0].hasDefault = true }),
    ("property added", "property Catalog.Store.count", { $0.types[4].properties.append(PropertyDecl(name: "count", type: "Swift.Int", isStatic: false, visibility: .public)) }),
    ("conformance gained", "struct Catalog.Feed", { $0.types[0].conformances.append("Swift.Hashable") }),
    ("class no longer final", "class Catalog.FinalNetwork", { $0.types[2].isFinal = false }),
    ("property internal → public", "property Catalog.Feed.cache", { $0.types[0].properties[1].visibility = .public }),
  ]

  @Test("compatible changes", arguments: compatibleChanges.indices)
  func compatible(index: Int) {
    let (name, symbol, change) = Self.compatibleChanges[index]
    let diff = Self.diff(change)
    #expect(!diff.hasBreakingChanges, "\(name): \(diff.changes)")
    #expect(diff.changes.contains { !$0.isBreaking && $0.symbol == symbol }, "\(name): \(diff.changes)")
    #expect(diff.text.contains("compatible: \(symbol): "), "\(name): \(diff.text)")
    #expect(diff.text.hasSuffix("0 breaking, 1 compatible change to module 'Catalog'\n"), "\(name): \(diff.text)")
  }

  /// Whatever changes the fingerprint is a change downstream modules can
  /// see; diff must not call it "no changes".
  @Test("every change of the fingerprint shows in the diff", arguments: FingerprintTests.observableChanges.indices)
  func observable(index: Int) {
    let (name, change) = FingerprintTests.observableChanges[index]
    guard name != "module name" else { return }
    let diff = Self.diff(change)
    #expect(!diff.changes.isEmpty, "\(name) is not reported")
  }

  @Test("the json form parses and agrees with the text")
  func json() throws {
    let diff = Self.diff {
      $0.functions[3].requirements.append(.named("apiBaseURL"))
      $0.namedKeys.append(NamedKeyDecl(name: "timeout", valueType: "Swift.Double", visibility: .public))
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.json.utf8)) as? [String: Any])
    #expect(object["module"] as? String == "Catalog")
    #expect(object["breaking"] as? Bool == true)
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.count == 2)
    #expect(changes.filter { $0["breaking"] as? Bool == true }.map { $0["symbol"] as? String } == ["function Catalog.Feed.loadAll(in:)"])
    #expect(changes.filter { $0["breaking"] as? Bool == false }.map { $0["symbol"] as? String } == ["named key \\.timeout"])
    let none = try #require(
      try JSONSerialization.jsonObject(with: Data(InterfaceDiff.compare(old: Self.old, new: Self.old).json.utf8)) as? [String: Any])
    #expect(none["breaking"] as? Bool == false)
    #expect((none["changes"] as? [Any])?.isEmpty == true)
  }

  @Test("diff of two decoded files")
  func decodedFiles() throws {
    var new = Self.old
    new.functions[0].requirements.append(.type("Catalog.Logger"))
    let oldFile = try Fixtures.load(Fixtures.encode(Self.old))
    let newFile = try Fixtures.load(Fixtures.encode(new, toolVersion: "other"))
    let diff = InterfaceDiff.compare(old: oldFile.decodeContent(), new: newFile.decodeContent())
    #expect(diff.changes.map(\.description) == ["now requires Catalog.Logger"])
  }
}
