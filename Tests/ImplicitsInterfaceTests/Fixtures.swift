import Foundation
@testable import ImplicitsInterface

/// Shared contents and helpers for the interface tests.
enum Fixtures {
  static let toolVersion = "9.8.7-test"

  static func fingerprint(_ seed: UInt8) -> Fingerprint {
    Fingerprint(bytes: (0..<32).map { UInt8(truncatingIfNeeded: Int(seed) &* 31 &+ $0) })
  }

  static let upstream = [
    UpstreamRecord(moduleName: "Core", fingerprint: fingerprint(1)),
    UpstreamRecord(moduleName: "Ärger", fingerprint: fingerprint(2)),
    UpstreamRecord(moduleName: "Analytics", fingerprint: fingerprint(3)),
  ]

  /// Every field of the model used at least once: re-exports, named keys,
  /// typealiases, types of every kind, functions of every kind, both kinds
  /// of requirements, unicode names, empty lists.
  static func richContent() -> InterfaceContent {
    InterfaceContent(
      moduleName: "Catalog",
      reexports: ["CoreKit", "Foundation", "Ünïcode"],
      namedKeys: [
        NamedKeyDecl(name: "apiBaseURL", valueType: "Foundation.URL", visibility: .public),
        NamedKeyDecl(name: "retryCount", valueType: "Swift.Int", visibility: .testable),
        NamedKeyDecl(name: "größe", valueType: "Swift.Dictionary<Swift.String, Swift.Double>", visibility: .public),
      ],
      types: [
        TypeDecl(
          qualifiedName: "Catalog.Feed", kind: .struct, visibility: .public, isFinal: true,
          conformances: ["Swift.Sendable", "Swift.Equatable"],
          properties: [
            PropertyDecl(name: "network", type: "Catalog.Network", isStatic: false, visibility: .public),
            PropertyDecl(name: "cache", type: "Swift.Optional<Catalog.Cache>", isStatic: false, visibility: .testable),
            PropertyDecl(name: "shared", type: "Catalog.Feed", isStatic: true, visibility: .public),
          ]),
        TypeDecl(
          qualifiedName: "Catalog.Network", kind: .class, visibility: .public, isFinal: false,
          superclass: "Foundation.NSObject", conformances: ["Catalog.Fetching"]),
        TypeDecl(qualifiedName: "Catalog.FinalNetwork", kind: .class, visibility: .public, isFinal: true, superclass: "Catalog.Network"),
        TypeDecl(qualifiedName: "Catalog.Feed.Page", kind: .enum, visibility: .testable, isFinal: true),
        TypeDecl(
          qualifiedName: "Catalog.Store", kind: .actor, visibility: .public, isFinal: true,
          properties: [PropertyDecl(name: "items", type: "Swift.Array<Catalog.Item>", isStatic: false, visibility: .public)]),
        TypeDecl(qualifiedName: "Catalog.Fetching", kind: .protocol, visibility: .public, isFinal: false),
        TypeDecl(
          qualifiedName: "Swift.String", kind: .extension, visibility: .public, isFinal: true,
          conformances: ["Catalog.Fetching"],
          properties: [PropertyDecl(name: "längste", type: "Swift.Int", isStatic: true, visibility: .public)]),
        TypeDecl(qualifiedName: "Catalog.Émoji😀", kind: .struct, visibility: .public, isFinal: true),
      ],
      typealiases: [
        TypealiasDecl(qualifiedName: "Catalog.ID", target: "Swift.String", visibility: .public),
        TypealiasDecl(qualifiedName: "Catalog.Feed.Handler", target: "(Swift.Int) -> Swift.Void", visibility: .testable),
        TypealiasDecl(qualifiedName: "Catalog.Größe", target: "Swift.Double", visibility: .public),
      ],
      functions: [
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "load", kind: .function, isStatic: false,
          parameters: [
            .init(label: "id"), .init(label: nil), .init(label: "limit", hasDefault: true),
            .init(label: "scope", isScope: true),
          ],
          visibility: .public, requirements: [.type("Catalog.Analytics"), .named("apiBaseURL")], file: "Sources/Catalog/Feed.swift"),
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "load", kind: .function, isStatic: false,
          parameters: [.init(label: nil, isScope: true)], visibility: .testable, requirements: [.named("retryCount")],
          file: "Sources/Catalog/Feed.swift"),
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "load", kind: .function, isStatic: true,
          parameters: [.init(label: nil, isScope: true)], visibility: .public, requirements: [],
          file: "Sources/Catalog/Feed+Static.swift"),
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "loadAll", kind: .function, isStatic: false,
          parameters: [.init(label: "in", isScope: true)], visibility: .public,
          requirements: [.type("Catalog.Analytics")], file: "Sources/Catalog/Feed.swift"),
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "init", kind: .initializer, isStatic: false,
          parameters: [.init(label: "scope", isScope: true), .init(label: "page", hasDefault: true)], visibility: .public,
          requirements: [.type("Catalog.Network"), .named("apiBaseURL")], file: "Sources/Catalog/Feed.swift"),
        FunctionDecl(
          owner: "Catalog.Store", baseName: "subscript", kind: .subscript, isStatic: false,
          parameters: [.init(label: nil), .init(label: "scope", isScope: true)], visibility: .public,
          requirements: [.type("Swift.Array<Swift.Int>")], file: "Sources/Catalog/Store.swift"),
        FunctionDecl(
          owner: nil, baseName: "load", kind: .function, isStatic: false,
          parameters: [.init(label: "from"), .init(label: nil, isScope: true)], visibility: .public,
          requirements: [.type("Catalog.Network")], file: "Sources/Catalog/Free.swift"),
        FunctionDecl(
          owner: nil, baseName: "größe", kind: .function, isStatic: false,
          parameters: [.init(label: "für", isScope: true)], visibility: .testable,
          requirements: [.named("größe"), .type("Catalog.Émoji😀")], file: "Sources/Catalog/Ünïcode/Café.swift"),
        FunctionDecl(
          owner: "Catalog.Feed", baseName: "init", kind: .initializer, isStatic: false,
          parameters: [.init(label: "id")], visibility: .public, requirements: [], file: "Sources/Catalog/Feed.swift",
          isFailable: true),
        FunctionDecl(
          owner: nil, baseName: "makeFeed", kind: .function, isStatic: false, parameters: [], visibility: .public,
          requirements: [], file: "Sources/Catalog/Free.swift", returnType: "Catalog.Feed"),
      ])
  }

  static func encode(
    _ content: InterfaceContent, toolVersion: String = Fixtures.toolVersion, upstream: [UpstreamRecord] = Fixtures.upstream
  ) -> [UInt8] {
    InterfaceWriter.encode(content, toolVersion: toolVersion, upstream: upstream)
  }

  static func load(_ bytes: [UInt8], expectedModule: String? = "Catalog") throws(InterfaceError) -> InterfaceFile {
    try InterfaceFile(bytes: bytes, path: "/tmp/Catalog.implicitinterface", expectedModule: expectedModule)
  }

  /// A fresh empty directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("iface-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Reads and rewrites the raw layout of a file, for tests that build
/// files the writer would not (other versions, extra sections).
struct RawFile {
  var major: UInt16
  var minor: UInt16
  var fingerprint: [UInt8]
  var sections: [(kind: UInt32, bytes: [UInt8])]

  init(_ bytes: [UInt8]) {
    var reader = ByteReader(bytes, offset: 8)
    major = reader.u16()!
    minor = reader.u16()!
    _ = reader.u32()
    _ = reader.u64()
    fingerprint = reader.raw(32)!
    let count = Int(reader.u32()!)
    _ = reader.u32()
    sections = (0..<count).map { _ in
      let kind = reader.u32()!
      let offset = Int(reader.u32()!)
      let length = Int(reader.u32()!)
      return (kind, Array(bytes[offset..<(offset + length)]))
    }
  }

  /// The bytes, with a correct size field and checksum.
  func bytes() -> [UInt8] {
    var out = ByteWriter()
    out.bytes += InterfaceLayout.magic
    out.u16(major)
    out.u16(minor)
    out.u32(0)
    out.u64(0)
    out.bytes += fingerprint
    out.u32(sections.count)
    out.u32(0)
    var offset = InterfaceLayout.headerSize + sections.count * InterfaceLayout.sectionEntrySize
    for section in sections {
      out.u32(section.kind)
      out.u32(offset)
      out.u32(section.bytes.count)
      offset += section.bytes.count
    }
    for section in sections { out.bytes += section.bytes }
    out.patch32(at: 12, UInt32(out.bytes.count))
    return RawFile.resealed(out.bytes)
  }

  /// `bytes` with the checksum field recomputed, as the writer computes it.
  static func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var out = ByteWriter(bytes: bytes)
    out.patch64(at: InterfaceLayout.checksumOffset, InterfaceLayout.checksum(of: bytes))
    return out.bytes
  }
}
