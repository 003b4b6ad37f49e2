@testable import ImplicitsInterface

/// Builds files section by section, the way `InterfaceWriter` does, so that
/// tests can damage one section and keep everything else (checksum
/// included) valid. Independent of the other suites' fixtures.
enum Crafted {
  typealias Section = InterfaceWriter.Section

  /// A small content with every kind of record.
  static func content() -> InterfaceContent {
    InterfaceContent(
      moduleName: "Core",
      reexports: ["Base"],
      namedKeys: [NamedKeyDecl(name: "region", valueType: "Swift.String", visibility: .public)],
      types: [
        TypeDecl(
          qualifiedName: "Core.Feed", kind: .class, visibility: .public, isFinal: false, superclass: "Base.Model",
          conformances: ["Swift.Sendable"],
          properties: [PropertyDecl(name: "network", type: "Core.Network", isStatic: false, visibility: .public)])
      ],
      typealiases: [TypealiasDecl(qualifiedName: "Core.ID", target: "Swift.String", visibility: .testable)],
      functions: [
        FunctionDecl(
          owner: "Core.Feed", baseName: "load", kind: .function, isStatic: false,
          parameters: [.init(label: nil), .init(label: "scope", isScope: true)], visibility: .public,
          requirements: [.type("Core.Network"), .named("region")], file: "Sources/Core/Feed.swift"),
        FunctionDecl(
          owner: nil, baseName: "start", kind: .function, isStatic: false,
          parameters: [.init(label: "in", hasDefault: true, isScope: true)], visibility: .testable,
          requirements: [], file: "Sources/Core/Start.swift"),
      ])
  }

  static let upstream = [UpstreamRecord(moduleName: "Base", fingerprint: Fingerprint(bytes: Array(repeating: 0xAB, count: 32)))]

  /// The sections `encode` writes for `content`, by increasing kind.
  static func sections(_ content: InterfaceContent = content(), toolVersion: String = "1.2.3") -> [Section] {
    let normalized = content.normalized()
    var sections = ContentEncoder(normalized).sections
    sections.append((2, InterfaceWriter.moduleSection(toolVersion: toolVersion, moduleName: Array(normalized.moduleName.utf8))))
    sections.append((3, InterfaceWriter.upstreamSection(upstream)))
    return sections.sorted { $0.kind < $1.kind }
  }

  /// A complete file with a correct length and checksum.
  static func file(
    _ sections: [Section], version: FormatVersion = .current,
    fingerprint: Fingerprint = Fingerprint(bytes: Array(repeating: 0, count: 32))
  ) -> [UInt8] {
    InterfaceWriter.assemble(version: version, fingerprint: fingerprint, sections: sections)
  }

  /// `sections` with the bytes of section `kind` replaced.
  static func replacing(_ kind: InterfaceLayout.Section, in sections: [Section], with bytes: [UInt8]) -> [Section] {
    sections.map { $0.kind == kind.rawValue ? ($0.kind, bytes) : $0 }
  }

  static func bytes(of kind: InterfaceLayout.Section, in sections: [Section]) -> [UInt8] {
    sections.first { $0.kind == kind.rawValue }!.bytes
  }

  /// Loads, returning the error if any.
  static func refusal(_ bytes: [UInt8], expectedModule: String? = "Core") -> InterfaceError? {
    do {
      _ = try InterfaceFile(bytes: bytes, path: "out/Core.implicitinterface", expectedModule: expectedModule)
      return nil
    } catch {
      return error
    }
  }

  /// The detail of a `corrupt` refusal, or nil.
  static func corruption(_ bytes: [UInt8]) -> String? {
    guard case .corrupt(let detail)? = refusal(bytes)?.kind else { return nil }
    return detail
  }

  static func u32(_ value: UInt32) -> [UInt8] {
    var out = ByteWriter()
    out.u32(value)
    return out.bytes
  }

  static func u16(_ value: UInt16) -> [UInt8] {
    var out = ByteWriter()
    out.u16(value)
    return out.bytes
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
  }
}
