import Foundation
import Testing
@testable import ImplicitsInterface

@Suite("implicits interface dump")
struct InterfaceDumpTests {
  let file: InterfaceFile
  let content = Fixtures.richContent().normalized()

  init() throws {
    file = try Fixtures.load(Fixtures.encode(Fixtures.richContent()))
  }

  @Test("text shows the header")
  func textHeader() {
    let text = InterfaceDump.text(file)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.prefix(4) == [
      "module Catalog", "format \(FormatVersion.current)", "tool implicits \(Fixtures.toolVersion)",
      "fingerprint \(InterfaceWriter.fingerprint(of: content))",
    ])
    #expect(lines.contains("upstream (3)"))
    for record in Fixtures.upstream { #expect(lines.contains("  \(record.moduleName) \(record.fingerprint)")) }
  }

  @Test("text shows every record")
  func textRecords() {
    let text = InterfaceDump.text(file)
    let lines = Set(text.split(separator: "\n").map(String.init))
    for expected in [
      "re-exports (3)", "  CoreKit", "  Foundation", "  Ünïcode",
      "named keys (3)", "  public \\.apiBaseURL: Foundation.URL", "  internal \\.retryCount: Swift.Int",
      "  public \\.größe: Swift.Dictionary<Swift.String, Swift.Double>",
      "typealiases (3)", "  public Catalog.ID = Swift.String", "  internal Catalog.Feed.Handler = (Swift.Int) -> Swift.Void",
      "types (8)",
      "  public struct Catalog.Feed: Swift.Equatable, Swift.Sendable",
      "    internal var cache: Swift.Optional<Catalog.Cache>",
      "    public var network: Catalog.Network",
      "    public static var shared: Catalog.Feed",
      "  public class Catalog.Network: Foundation.NSObject, Catalog.Fetching",
      "  public final class Catalog.FinalNetwork: Catalog.Network",
      "  internal enum Catalog.Feed.Page",
      "  public actor Catalog.Store",
      "  public protocol Catalog.Fetching",
      "  public final extension Swift.String: Catalog.Fetching",
      "    public static var längste: Swift.Int",
      "  public struct Catalog.Émoji😀",
      "functions (10)",
      "  public Catalog.Feed.init(id:) (failable)  [Sources/Catalog/Feed.swift]",
      "  public makeFeed() -> Catalog.Feed  [Sources/Catalog/Free.swift]",
      "  public Catalog.Feed.load(id:_:limit:scope:) requires Catalog.Analytics, \\.apiBaseURL  [Sources/Catalog/Feed.swift]",
      "    parameters: id, _, limit (default), scope (scope)",
      "  internal Catalog.Feed.load(_:) requires \\.retryCount  [Sources/Catalog/Feed.swift]",
      "  public Catalog.Feed.static load(_:) requires nothing  [Sources/Catalog/Feed+Static.swift]",
      "    parameters: _ (scope)",
      "  public Catalog.Feed.init(scope:page:) requires Catalog.Network, \\.apiBaseURL  [Sources/Catalog/Feed.swift]",
      "    parameters: scope (scope), page (default)",
      "  public Catalog.Store.subscript(_:scope:) requires Swift.Array<Swift.Int>  [Sources/Catalog/Store.swift]",
      "  public load(from:_:) requires Catalog.Network  [Sources/Catalog/Free.swift]",
      "  internal größe(für:) requires Catalog.Émoji😀, \\.größe  [Sources/Catalog/Ünïcode/Café.swift]",
    ] {
      #expect(lines.contains(expected), "missing line: \(expected)")
    }
  }

  @Test("a static subscript says so")
  func staticSubscript() throws {
    let content = InterfaceContent(
      moduleName: "M",
      functions: [
        FunctionDecl(
          owner: "M.T", baseName: "subscript", kind: .subscript, isStatic: true, parameters: [.init(label: nil, isScope: true)],
          visibility: .public, requirements: [], file: "T.swift")
      ])
    let file = try InterfaceFile(bytes: InterfaceWriter.encode(content, upstream: []), path: "M", expectedModule: "M")
    #expect(InterfaceDump.text(file).contains("static subscript(_:)"))
  }

  @Test("json holds every field")
  func json() throws {
    let json = InterfaceDump.json(file)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let header = try #require(object["header"] as? [String: Any])
    #expect(header["module"] as? String == "Catalog")
    #expect(header["formatVersion"] as? String == FormatVersion.current.description)
    #expect(header["toolVersion"] as? String == Fixtures.toolVersion)
    #expect(header["fingerprint"] as? String == InterfaceWriter.fingerprint(of: content).description)
    let upstream = try #require(header["upstream"] as? [[String: String]])
    #expect(upstream.map { $0["module"]! } == ["Analytics", "Core", "Ärger"])
    #expect(upstream.map { $0["fingerprint"]! } == [Fixtures.fingerprint(3), Fixtures.fingerprint(1), Fixtures.fingerprint(2)].map(\.description))

    // Rebuild the content from the JSON alone: nothing may be missing.
    #expect(try Self.content(fromJSON: object) == content)
  }

  static func content(fromJSON object: [String: Any]) throws -> InterfaceContent {
    func visibility(_ any: Any?) throws -> Visibility {
      switch any as? String {
      case "public": .public
      case "internal": .testable
      default: throw CocoaError(.coderReadCorrupt)
      }
    }
    func list(_ any: Any?) throws -> [[String: Any]] { try #require(any as? [[String: Any]]) }
    let header = try #require(object["header"] as? [String: Any])
    var content = InterfaceContent(moduleName: try #require(header["module"] as? String))
    content.reexports = try #require(object["reexports"] as? [String])
    content.namedKeys = try list(object["namedKeys"]).map {
      NamedKeyDecl(name: try #require($0["name"] as? String), valueType: try #require($0["valueType"] as? String), visibility: try visibility($0["visibility"]))
    }
    content.typealiases = try list(object["typealiases"]).map {
      TypealiasDecl(qualifiedName: try #require($0["name"] as? String), target: try #require($0["target"] as? String), visibility: try visibility($0["visibility"]))
    }
    let kinds: [String: TypeDecl.Kind] = [
      "struct": .struct, "class": .class, "enum": .enum, "actor": .actor, "protocol": .protocol, "extension": .extension,
    ]
    content.types = try list(object["types"]).map { type in
      TypeDecl(
        qualifiedName: try #require(type["name"] as? String), kind: try #require(kinds[type["kind"] as? String ?? ""]),
        visibility: try visibility(type["visibility"]), isFinal: try #require(type["isFinal"] as? Bool),
        superclass: type["superclass"] as? String, conformances: try #require(type["conformances"] as? [String]),
        properties: try list(type["properties"]).map {
          PropertyDecl(
            name: try #require($0["name"] as? String), type: try #require($0["type"] as? String),
            isStatic: try #require($0["isStatic"] as? Bool), visibility: try visibility($0["visibility"]))
        })
    }
    let functionKinds: [String: FunctionDecl.Kind] = ["function": .function, "initializer": .initializer, "subscript": .subscript]
    content.functions = try list(object["functions"]).map { function in
      FunctionDecl(
        owner: function["owner"] as? String, baseName: try #require(function["name"] as? String),
        kind: try #require(functionKinds[function["kind"] as? String ?? ""]), isStatic: try #require(function["isStatic"] as? Bool),
        parameters: try list(function["parameters"]).map {
          let label = try #require($0["label"] as? String)
          return FunctionDecl.Parameter(
            label: label == "_" ? nil : label, hasDefault: try #require($0["hasDefault"] as? Bool),
            isScope: try #require($0["isScope"] as? Bool))
        },
        visibility: try visibility(function["visibility"]),
        requirements: try list(function["requirements"]).map {
          let spelling = try #require($0["key"] as? String)
          return $0["kind"] as? String == "named" ? .named(spelling) : .type(spelling)
        },
        file: try #require(function["file"] as? String), returnType: function["returnType"] as? String,
        isFailable: try #require(function["isFailable"] as? Bool))
    }
    return content
  }

  @Test("json signatures and free functions")
  func jsonDetails() throws {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(InterfaceDump.json(file).utf8)) as? [String: Any])
    let functions = try #require(object["functions"] as? [[String: Any]])
    let free = functions.filter { $0["owner"] == nil }
    #expect(free.count == 3)
    #expect(functions.compactMap { $0["signature"] as? String }.contains("load(id:_:limit:scope:)"))
    let types = try #require(object["types"] as? [[String: Any]])
    #expect(types.filter { $0["superclass"] != nil }.count == 2)
  }

  @Test("an empty module dumps every heading")
  func emptyModule() throws {
    let file = try InterfaceFile(
      bytes: InterfaceWriter.encode(InterfaceContent(moduleName: "Empty"), upstream: []), path: "E", expectedModule: nil)
    let text = InterfaceDump.text(file)
    for heading in ["upstream (0)", "re-exports (0)", "named keys (0)", "typealiases (0)", "types (0)", "functions (0)"] {
      #expect(text.contains(heading + "\n"))
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(InterfaceDump.json(file).utf8)) as? [String: Any])
    #expect(try Self.content(fromJSON: object) == InterfaceContent(moduleName: "Empty"))
  }
}
