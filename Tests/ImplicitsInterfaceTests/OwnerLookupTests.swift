import Testing
@testable import ImplicitsInterface

/// `functions(owner:)`: every function of one owner, or every free
/// function, straight from the index.
@Suite("Functions by owner")
struct OwnerLookupTests {
  static func function(_ owner: String?, _ name: String, _ labels: [String?] = [nil], isStatic: Bool = false) -> FunctionDecl {
    FunctionDecl(
      owner: owner, baseName: name, kind: name == "init" ? .initializer : .function, isStatic: isStatic,
      parameters: labels.map { .init(label: $0) } + [.init(label: "scope", isScope: true)], visibility: .public,
      requirements: [.type("\(owner ?? "Free").\(name)")], file: "F.swift")
  }

  static let content = InterfaceContent(
    moduleName: "M",
    namedKeys: [NamedKeyDecl(name: "M.Feed", valueType: "M.Feed.Value", visibility: .public)],
    types: [TypeDecl(qualifiedName: "M.Feed", kind: .struct, visibility: .public, isFinal: true)],
    functions: [
      function("M.Feed", "load"), function("M.Feed", "load", ["id"]), function("M.Feed", "load", isStatic: true),
      function("M.Feed", "init"), function("M.Feed", "zap"),
      function("M.Feed.Inner", "load"), function("M.Fee", "load"), function("M.Feedback", "load"),
      function(nil, "load"), function(nil, "main", ["of"]), function(nil, "ünïcode"),
      function("", "odd"),
    ])

  let file: InterfaceFile
  let normalized = Self.content.normalized()

  init() throws {
    file = try InterfaceFile(bytes: InterfaceWriter.encode(Self.content, upstream: []), path: "M", expectedModule: "M")
  }

  @Test("all of one owner, and only them, in canonical order")
  func owner() {
    for owner in ["M.Feed", "M.Feed.Inner", "M.Fee", "M.Feedback", ""] {
      let expected = normalized.functions.filter { $0.owner.map { Array($0.utf8) } == Array(owner.utf8) }
      #expect(!expected.isEmpty)
      #expect(file.functions(owner: owner) == expected, "\(owner)")
    }
    #expect(file.functions(owner: "M.Feed").count == 5)
    #expect(file.functions(owner: "M.Feed").map(\.baseName) == ["init", "load", "load", "load", "zap"])
  }

  @Test("nil gives the free functions, not those of the empty owner")
  func free() {
    let free = file.functions(owner: nil)
    #expect(free.map(\.baseName) == ["load", "main", "ünïcode"])
    #expect(free.allSatisfy { $0.owner == nil })
    #expect(file.functions(owner: "").map(\.baseName) == ["odd"])
    #expect(file.functions(owner: nil, baseName: "odd").isEmpty)
    #expect(file.functions(owner: "", baseName: "load").isEmpty)
  }

  @Test("owners the file does not have")
  func unknown() {
    // A string of the file that is not an owner, a prefix of an owner, a
    // string that is in no table at all.
    for owner in ["M.Feed.Value", "M.Fe", "M", "Z", "M.Feed\nload", "load", "F.swift"] {
      #expect(file.functions(owner: owner).isEmpty, "\(owner)")
    }
  }

  @Test("by owner and name agrees with by owner")
  func agree() {
    for function in normalized.functions {
      let byName = file.functions(owner: function.owner, baseName: function.baseName)
      #expect(byName.contains(function))
      #expect(byName == file.functions(owner: function.owner).filter { $0.baseName == function.baseName })
    }
  }

  @Test("a module without functions")
  func none() throws {
    let empty = try InterfaceFile(
      bytes: InterfaceWriter.encode(InterfaceContent(moduleName: "E"), upstream: []), path: "E", expectedModule: "E")
    #expect(empty.functions(owner: nil).isEmpty)
    #expect(empty.functions(owner: "E.T").isEmpty)
  }
}
