import Foundation
import ImplicitsFileSystem
import Testing
@testable import ImplicitsInterface

@Suite("Round trip through the binary format")
struct RoundTripTests {
  @Test("every field of a rich content comes back")
  func richContent() throws {
    let content = Fixtures.richContent()
    let file = try Fixtures.load(Fixtures.encode(content))
    let decoded = file.decodeContent()
    #expect(decoded == content.normalized())
    // Field by field, so that a failure says where.
    #expect(decoded.moduleName == "Catalog")
    #expect(decoded.reexports == ["CoreKit", "Foundation", "Ünïcode"])
    #expect(decoded.namedKeys == content.normalized().namedKeys)
    #expect(decoded.typealiases == content.normalized().typealiases)
    #expect(decoded.types == content.normalized().types)
    #expect(decoded.functions == content.normalized().functions)
    #expect(decoded.types.count == content.types.count)
    #expect(decoded.functions.count == content.functions.count)
    // Equality of strings in Swift is canonical equivalence; the bytes must
    // be the same too.
    #expect(Fixtures.encode(decoded) == Fixtures.encode(content))
  }

  @Test("header fields come back")
  func header() throws {
    let content = Fixtures.richContent()
    let file = try Fixtures.load(Fixtures.encode(content))
    #expect(file.header.moduleName == "Catalog")
    #expect(file.moduleName == "Catalog")
    #expect(file.header.toolVersion == Fixtures.toolVersion)
    #expect(file.header.formatVersion == FormatVersion.current)
    #expect(file.header.formatVersion == FormatVersion.current)
    #expect(file.header.fingerprint == InterfaceWriter.fingerprint(of: content))
    #expect(file.fingerprint == file.header.fingerprint)
    #expect(file.reexports == ["CoreKit", "Foundation", "Ünïcode"])
    // Upstream records come back sorted by the UTF-8 bytes of the name.
    #expect(file.header.upstream.map(\.moduleName) == ["Analytics", "Core", "Ärger"])
    for record in Fixtures.upstream {
      #expect(file.header.upstream.first { $0.moduleName == record.moduleName }?.fingerprint == record.fingerprint)
    }
    #expect(file.path == "/tmp/Catalog.implicitinterface")
  }

  @Test("the tool version defaults to this tool's")
  func defaultToolVersion() throws {
    let bytes = InterfaceWriter.encode(Fixtures.richContent(), upstream: [])
    let file = try Fixtures.load(bytes)
    #expect(file.header.toolVersion == ToolVersion.current)
    #expect(file.header.upstream.isEmpty)
  }

  @Test("an empty module")
  func emptyContent() throws {
    let content = InterfaceContent(moduleName: "Empty")
    let bytes = InterfaceWriter.encode(content, toolVersion: "", upstream: [])
    let file = try InterfaceFile(bytes: bytes, path: "Empty.implicitinterface", expectedModule: "Empty")
    #expect(file.decodeContent() == content)
    #expect(file.header.toolVersion == "")
    #expect(file.header.upstream.isEmpty)
    #expect(file.reexports.isEmpty)
    #expect(file.functions(owner: nil, baseName: "load").isEmpty)
    #expect(file.type(named: "Empty") == nil)
    #expect(file.namedKey("x") == nil)
    #expect(file.typealiasDecl(named: "x") == nil)
  }

  @Test("empty lists inside records, and empty strings")
  func emptyInsideRecords() throws {
    let content = InterfaceContent(
      moduleName: "M",
      types: [TypeDecl(qualifiedName: "M.T", kind: .struct, visibility: .public, isFinal: true)],
      functions: [
        FunctionDecl(
          owner: nil, baseName: "f", kind: .function, isStatic: false, parameters: [], visibility: .public,
          requirements: [], file: ""),
        FunctionDecl(
          owner: "M.T", baseName: "g", kind: .function, isStatic: false, parameters: [.init(label: "")],
          visibility: .public, requirements: [.type("")], file: "x.swift"),
      ])
    let file = try InterfaceFile(bytes: InterfaceWriter.encode(content, upstream: []), path: "M", expectedModule: "M")
    #expect(file.decodeContent() == content.normalized())
    #expect(file.type(named: "M.T")?.conformances == [])
    #expect(file.type(named: "M.T")?.properties == [])
    #expect(file.functions(owner: nil, baseName: "f").first?.parameters == [])
    #expect(file.functions(owner: "M.T", baseName: "g").first?.parameters == [.init(label: "")])
  }

  /// Strings that are canonically equivalent but spelled with different
  /// bytes ("é" precomposed and decomposed) are different strings in the
  /// file: each must come back with its own bytes.
  @Test("canonically equivalent strings keep their bytes")
  func unicodeNormalizationForms() throws {
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    #expect(composed == decomposed)  // Swift's equality
    #expect(Array(composed.utf8) != Array(decomposed.utf8))
    let content = InterfaceContent(
      moduleName: "M", reexports: [composed],
      typealiases: [TypealiasDecl(qualifiedName: "M.A", target: decomposed, visibility: .public)],
      functions: [
        FunctionDecl(
          owner: nil, baseName: "f", kind: .function, isStatic: false, parameters: [.init(label: decomposed)],
          visibility: .public, requirements: [.type(composed)], file: decomposed + ".swift")
      ])
    let file = try InterfaceFile(bytes: InterfaceWriter.encode(content, upstream: []), path: "M", expectedModule: "M")
    let decoded = file.decodeContent()
    #expect(decoded.reexports.map { Array($0.utf8) } == [Array(composed.utf8)])
    #expect(decoded.typealiases.map { Array($0.target.utf8) } == [Array(decomposed.utf8)])
    let function = try #require(decoded.functions.first)
    #expect(Array(function.parameters[0].label!.utf8) == Array(decomposed.utf8))
    #expect(Array(function.requirements[0].spelling.utf8) == Array(composed.utf8))
    #expect(Array(function.file.utf8) == Array((decomposed + ".swift").utf8))
  }

  @Test("load(path:) reads what the writer wrote to disk")
  func loadFromDisk() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Catalog.implicitinterface").path
    try AtomicFileWriter.write(Fixtures.encode(Fixtures.richContent()), to: path)
    let file = try InterfaceFile.load(path: path, expectedModule: "Catalog")
    #expect(file.path == path)
    #expect(file.decodeContent() == Fixtures.richContent().normalized())
  }
}
