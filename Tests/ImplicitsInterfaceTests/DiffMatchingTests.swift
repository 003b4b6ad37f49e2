import Foundation
import Testing
@testable import ImplicitsInterface

/// How diff matches declarations across versions, and what it refuses.
@Suite("Diff matching")
struct DiffMatchingTests {
  static func function(
    _ name: String, requires: [ImplicitKeyRef], visibility: Visibility = .public, file: String = "A.swift", isStatic: Bool = false
  ) -> FunctionDecl {
    FunctionDecl(
      owner: "M.Feed", baseName: name, kind: .function, isStatic: isStatic,
      parameters: [.init(label: nil), .init(label: "scope", isScope: true)], visibility: visibility, requirements: requires,
      file: file)
  }

  @Test("two different modules are refused")
  func differentModules() throws {
    let a = InterfaceContent(moduleName: "A")
    let b = InterfaceContent(moduleName: "B")
    #expect(throws: InterfaceDiff.ModuleMismatch.self) { try InterfaceDiff.checkSameModule(old: a, new: b) }
    try InterfaceDiff.checkSameModule(old: a, new: a)
    let fileA = try InterfaceFile(bytes: InterfaceWriter.encode(a, upstream: []), path: "old/A.implicitinterface", expectedModule: nil)
    let fileB = try InterfaceFile(bytes: InterfaceWriter.encode(b, upstream: []), path: "new/B.implicitinterface", expectedModule: nil)
    do {
      try InterfaceDiff.checkSameModule(old: fileA, new: fileB)
      Issue.record("two modules compared")
    } catch {
      #expect(error.oldModule == "A" && error.newModule == "B")
      for fragment in ["'old/A.implicitinterface'", "module 'A'", "'new/B.implicitinterface'", "module 'B'", "one module"] {
        #expect(error.description.contains(fragment), "\(fragment): \(error.description)")
      }
    }
  }

  @Test("overloads told apart only by parameter types are paired with the closest")
  func overloads() {
    let old = InterfaceContent(
      moduleName: "M",
      functions: [
        Self.function("load", requires: [.type("M.A")], file: "A.swift"),
        Self.function("load", requires: [.type("M.B")], file: "B.swift"),
      ])
    var new = old
    new.functions[1].requirements.append(.named("region"))
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.changes.count == 1, "\(diff.changes)")
    #expect(diff.changes.first?.isBreaking == true)
    #expect(diff.changes.first?.description == "now requires \\.region")
    // One overload removed: breaking, and only that.
    let removed = InterfaceDiff.compare(old: old, new: InterfaceContent(moduleName: "M", functions: [old.functions[0]]))
    #expect(removed.changes.map(\.description) == ["removed"])
    #expect(removed.hasBreakingChanges)
  }

  @Test("a testable function is reported as such")
  func testable() {
    let old = InterfaceContent(moduleName: "M", functions: [Self.function("load", requires: [], visibility: .testable)])
    var new = old
    new.functions[0].requirements = [.type("M.Log")]
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.hasBreakingChanges)
    #expect(diff.changes.first?.description.hasPrefix("now requires M.Log") == true)
    #expect(diff.changes.first?.description.contains("@testable") == true)
    #expect(diff.text.contains("breaking: function M.Feed.load(_:scope:): now requires M.Log (internal"))
  }

  @Test("a requirement that changes kind is both gained and lost")
  func requirementKind() {
    let old = InterfaceContent(moduleName: "M", functions: [Self.function("load", requires: [.named("Log")])])
    var new = old
    new.functions[0].requirements = [.type("Log")]
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.changes.map(\.description) == ["now requires Log", "no longer requires \\.Log"])
  }

  @Test("a function made static is another function")
  func madeStatic() {
    let old = InterfaceContent(moduleName: "M", functions: [Self.function("load", requires: [])])
    let new = InterfaceContent(moduleName: "M", functions: [Self.function("load", requires: [], isStatic: true)])
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.changes.map(\.symbol) == ["function M.Feed.load(_:scope:)", "function M.Feed.static load(_:scope:)"])
    #expect(diff.changes.map(\.isBreaking) == [true, false])
  }

  @Test("canonically equivalent but different spellings are a change")
  func unicodeSpellings() {
    let old = InterfaceContent(
      moduleName: "M", namedKeys: [NamedKeyDecl(name: "k", valueType: "Caf\u{E9}", visibility: .public)])
    var new = old
    new.namedKeys[0].valueType = "Cafe\u{301}"
    #expect(old == new)  // Swift's equality
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.changes.count == 1)
    #expect(diff.hasBreakingChanges)
  }

  @Test("counts and json agree with the changes")
  func counts() throws {
    let old = InterfaceContent(moduleName: "M", functions: [Self.function("load", requires: [.type("M.A")])])
    var new = old
    new.functions[0].requirements = [.type("M.B")]
    new.reexports = ["Base"]
    let diff = InterfaceDiff.compare(old: old, new: new)
    #expect(diff.breakingCount == 1)
    #expect(diff.compatibleCount == 2)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.json.utf8)) as? [String: Any])
    #expect(object["breakingCount"] as? Int == 1)
    #expect(object["compatibleCount"] as? Int == 2)
    #expect((object["changes"] as? [Any])?.count == 3)
    #expect(diff.text.hasSuffix("1 breaking, 2 compatible changes to module 'M'\n"))
  }
}
