/// Encodes interface content into the `.implicitinterface` binary format.
/// Equal content gives equal bytes: everything is normalized (sorted,
/// de-duplicated) first, and nothing depends on time or place.
public enum InterfaceWriter {
  public static func encode(
    _ content: InterfaceContent, toolVersion: String = ToolVersion.current, upstream: [UpstreamRecord]
  ) -> [UInt8] {
    let content = content.normalized()
    var strings = StringTable()

    // Sections, each built on its own.
    var module = ByteWriter()
    strings.reference(content.moduleName, into: &module)
    strings.reference(toolVersion, into: &module)

    var upstreamSection = ByteWriter()
    let sortedUpstream = upstream.sorted { Array($0.moduleName.utf8).lexicographicallyPrecedes(Array($1.moduleName.utf8)) }
    upstreamSection.u32(sortedUpstream.count)
    for record in sortedUpstream {
      strings.reference(record.moduleName, into: &upstreamSection)
      upstreamSection.bytes += record.fingerprint.bytes
    }

    var reexports = ByteWriter()
    reexports.u32(content.reexports.count)
    for name in content.reexports { strings.reference(name, into: &reexports) }

    var keys = ByteWriter()
    let sortedKeys = content.namedKeys.sorted { byteOrder($0.name, $1.name) }
    keys.u32(sortedKeys.count)
    for key in sortedKeys {
      strings.reference(key.name, into: &keys)
      strings.reference(key.valueType, into: &keys)
      keys.u8(key.visibility.rawValue)
      keys.bytes += [0, 0, 0]
    }

    var aliases = ByteWriter()
    let sortedAliases = content.typealiases.sorted { byteOrder($0.qualifiedName, $1.qualifiedName) }
    aliases.u32(sortedAliases.count)
    for alias in sortedAliases {
      strings.reference(alias.qualifiedName, into: &aliases)
      strings.reference(alias.target, into: &aliases)
      aliases.u8(alias.visibility.rawValue)
      aliases.bytes += [0, 0, 0]
    }

    var typeIndex = ByteWriter()
    var typeRecords = ByteWriter()
    let sortedTypes = content.types.sorted { byteOrder($0.qualifiedName, $1.qualifiedName) }
    typeIndex.u32(sortedTypes.count)
    for type in sortedTypes {
      var record = ByteWriter()
      encode(type, into: &record, strings: &strings)
      strings.reference(type.qualifiedName, into: &typeIndex)
      typeIndex.u32(typeRecords.bytes.count)
      typeIndex.u32(record.bytes.count)
      typeRecords.bytes += record.bytes
    }

    var functionIndex = ByteWriter()
    var functionRecords = ByteWriter()
    let groups = groupedFunctions(content.functions)
    functionIndex.u32(groups.count)
    for (key, functions) in groups {
      strings.reference(key, into: &functionIndex)
      functionIndex.u32(functionRecords.bytes.count)
      functionIndex.u32(functions.count)
      for function in functions {
        var record = ByteWriter()
        encode(function, into: &record, strings: &strings)
        functionRecords.u32(record.bytes.count)
        functionRecords.bytes += record.bytes
      }
    }

    let sections: [(InterfaceLayout.Section, [UInt8])] = [
      (.strings, strings.bytes), (.module, module.bytes), (.upstream, upstreamSection.bytes),
      (.reexports, reexports.bytes), (.namedKeys, keys.bytes), (.typealiases, aliases.bytes),
      (.typeIndex, typeIndex.bytes), (.typeRecords, typeRecords.bytes), (.functionIndex, functionIndex.bytes),
      (.functionRecords, functionRecords.bytes),
    ]

    var file = ByteWriter()
    file.bytes += InterfaceLayout.magic
    file.u16(FormatVersion.current.major)
    file.u16(FormatVersion.current.minor)
    file.u32(0)  // size, patched below
    file.u64(0)  // checksum, patched below
    file.bytes += fingerprint(of: content).bytes
    file.u32(sections.count)
    file.u32(0)
    var offset = InterfaceLayout.headerSize + sections.count * InterfaceLayout.sectionEntrySize
    for (kind, bytes) in sections {
      file.u32(kind.rawValue)
      file.u32(offset)
      file.u32(bytes.count)
      offset += bytes.count
    }
    for (_, bytes) in sections { file.bytes += bytes }
    file.patch32(at: 12, UInt32(file.bytes.count))
    file.patch64(at: InterfaceLayout.checksumOffset, FNV1a.hash(file.bytes[(InterfaceLayout.checksumOffset + 8)...]))
    return file.bytes
  }

  /// The fingerprint of what downstream modules observe: SHA-256 of a
  /// canonical encoding of the normalized content. The tool version and the
  /// upstream fingerprints are not part of it, so a module whose observable
  /// content did not change keeps its fingerprint and its dependents are
  /// not re-analyzed.
  public static func fingerprint(of content: InterfaceContent) -> Fingerprint {
    let content = content.normalized()
    var out = ByteWriter()
    out.string("implicits-interface-content-1")
    out.string(content.moduleName)
    out.u32(content.reexports.count)
    for name in content.reexports { out.string(name) }
    out.u32(content.namedKeys.count)
    for key in content.namedKeys {
      out.string(key.name)
      out.string(key.valueType)
      out.u8(key.visibility.rawValue)
    }
    out.u32(content.typealiases.count)
    for alias in content.typealiases {
      out.string(alias.qualifiedName)
      out.string(alias.target)
      out.u8(alias.visibility.rawValue)
    }
    out.u32(content.types.count)
    for type in content.types {
      out.string(type.qualifiedName)
      out.u8(type.kind.rawValue)
      out.u8(type.visibility.rawValue)
      out.bool(type.isFinal)
      out.string(type.superclass ?? "\u{0}")
      out.u32(type.conformances.count)
      for conformance in type.conformances { out.string(conformance) }
      out.u32(type.properties.count)
      for property in type.properties {
        out.string(property.name)
        out.string(property.type)
        out.bool(property.isStatic)
        out.u8(property.visibility.rawValue)
      }
    }
    out.u32(content.functions.count)
    for function in content.functions {
      out.string(function.owner ?? "\u{0}")
      out.string(function.baseName)
      out.u8(function.kind.rawValue)
      out.bool(function.isStatic)
      out.u8(function.visibility.rawValue)
      out.u32(function.parameters.count)
      for parameter in function.parameters {
        out.string(parameter.label ?? "\u{0}")
        out.bool(parameter.hasDefault)
        out.bool(parameter.isScope)
      }
      out.u32(function.requirements.count)
      for key in function.requirements {
        out.u8(key.kind.rawValue)
        out.string(key.spelling)
      }
      out.string(function.file)
    }
    return Fingerprint(bytes: SHA256.hash(out.bytes))
  }

  // MARK: Records

  static func encode(_ type: TypeDecl, into out: inout ByteWriter, strings: inout StringTable) {
    strings.reference(type.qualifiedName, into: &out)
    out.u8(type.kind.rawValue)
    out.u8(type.visibility.rawValue)
    out.bool(type.isFinal)
    out.bool(type.superclass != nil)
    if let superclass = type.superclass { strings.reference(superclass, into: &out) }
    out.u32(type.conformances.count)
    for conformance in type.conformances { strings.reference(conformance, into: &out) }
    out.u32(type.properties.count)
    for property in type.properties {
      strings.reference(property.name, into: &out)
      strings.reference(property.type, into: &out)
      out.bool(property.isStatic)
      out.u8(property.visibility.rawValue)
    }
  }

  static func encode(_ function: FunctionDecl, into out: inout ByteWriter, strings: inout StringTable) {
    out.bool(function.owner != nil)
    if let owner = function.owner { strings.reference(owner, into: &out) }
    strings.reference(function.baseName, into: &out)
    out.u8(function.kind.rawValue)
    out.bool(function.isStatic)
    out.u8(function.visibility.rawValue)
    out.u32(function.parameters.count)
    for parameter in function.parameters {
      out.bool(parameter.label != nil)
      if let label = parameter.label { strings.reference(label, into: &out) }
      out.bool(parameter.hasDefault)
      out.bool(parameter.isScope)
    }
    out.u32(function.requirements.count)
    for key in function.requirements {
      out.u8(key.kind.rawValue)
      strings.reference(key.spelling, into: &out)
    }
    strings.reference(function.file, into: &out)
  }

  /// Functions grouped by lookup key, groups in byte order of the key.
  static func groupedFunctions(_ functions: [FunctionDecl]) -> [(String, [FunctionDecl])] {
    var groups: [String: [FunctionDecl]] = [:]
    for function in functions { groups[function.lookupKey, default: []].append(function) }
    return groups.keys.sorted(by: byteOrder).map { ($0, groups[$0]!.sorted { $0.sortKey < $1.sortKey }) }
  }

  static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

/// The strings of a file, each stored once, referenced by offset and length.
struct StringTable {
  var bytes: [UInt8] = []
  private var offsets: [String: UInt32] = [:]

  mutating func reference(_ string: String, into out: inout ByteWriter) {
    let utf8 = Array(string.utf8)
    let offset: UInt32
    if let existing = offsets[string] {
      offset = existing
    } else {
      offset = UInt32(bytes.count)
      offsets[string] = offset
      bytes += utf8
    }
    out.u32(offset)
    out.u32(utf8.count)
  }
}
