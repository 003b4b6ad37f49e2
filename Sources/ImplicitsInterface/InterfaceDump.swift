import Foundation

/// `implicits interface dump`: everything a file holds, header included.
public enum InterfaceDump {
  public static func text(_ file: InterfaceFile) -> String {
    let header = file.header
    let content = file.decodeContent()
    var out = """
      module \(header.moduleName)
      format \(header.formatVersion)
      tool implicits \(header.toolVersion)
      fingerprint \(header.fingerprint)

      """
    out += "upstream (\(header.upstream.count))\n"
    for record in header.upstream { out += "  \(record.moduleName) \(record.fingerprint)\n" }
    out += "re-exports (\(content.reexports.count))\n"
    for name in content.reexports { out += "  \(name)\n" }
    out += "named keys (\(content.namedKeys.count))\n"
    for key in content.namedKeys { out += "  \(key.visibility.word) \\.\(key.name): \(key.valueType)\n" }
    out += "typealiases (\(content.typealiases.count))\n"
    for alias in content.typealiases { out += "  \(alias.visibility.word) \(alias.qualifiedName) = \(alias.target)\n" }
    out += "types (\(content.types.count))\n"
    for type in content.types {
      var line = "  \(type.visibility.word) \(type.isFinal && type.kind == .class ? "final " : "")\(type.kind.word) \(type.qualifiedName)"
      let inherited = (type.superclass.map { [$0] } ?? []) + type.conformances
      if !inherited.isEmpty { line += ": " + inherited.joined(separator: ", ") }
      out += line + "\n"
      for property in type.properties {
        out += "    \(property.visibility.word) \(property.isStatic ? "static " : "")var \(property.name): \(property.type)\n"
      }
    }
    out += "scope-taking functions (\(content.functions.count))\n"
    for function in content.functions {
      let requirements = function.requirements.isEmpty ? "nothing" : function.requirements.map(\.description).joined(separator: ", ")
      out += "  \(function.visibility.word) \(function.qualifiedSignature) requires \(requirements)  [\(function.file)]\n"
    }
    return out
  }

  public static func json(_ file: InterfaceFile) -> String {
    let header = file.header
    let content = file.decodeContent()
    let object: [String: Any] = [
      "header": [
        "module": header.moduleName,
        "formatVersion": header.formatVersion.description,
        "toolVersion": header.toolVersion,
        "fingerprint": header.fingerprint.description,
        "upstream": header.upstream.map { ["module": $0.moduleName, "fingerprint": $0.fingerprint.description] },
      ] as [String: Any],
      "reexports": content.reexports,
      "namedKeys": content.namedKeys.map {
        ["name": $0.name, "valueType": $0.valueType, "visibility": $0.visibility.word]
      },
      "typealiases": content.typealiases.map {
        ["name": $0.qualifiedName, "target": $0.target, "visibility": $0.visibility.word]
      },
      "types": content.types.map { type -> [String: Any] in
        var object: [String: Any] = [
          "name": type.qualifiedName, "kind": type.kind.word, "visibility": type.visibility.word,
          "isFinal": type.isFinal, "conformances": type.conformances,
          "properties": type.properties.map {
            ["name": $0.name, "type": $0.type, "isStatic": $0.isStatic, "visibility": $0.visibility.word] as [String: Any]
          },
        ]
        if let superclass = type.superclass { object["superclass"] = superclass }
        return object
      },
      "functions": content.functions.map { function -> [String: Any] in
        var object: [String: Any] = [
          "name": function.baseName, "signature": function.signature, "kind": function.kind.word,
          "isStatic": function.isStatic, "visibility": function.visibility.word,
          "requirements": function.requirements.map { ["kind": $0.kind == .type ? "type" : "named", "key": $0.spelling] },
          "parameters": function.parameters.map { parameter -> [String: Any] in
            ["label": parameter.label ?? "_", "hasDefault": parameter.hasDefault, "isScope": parameter.isScope]
          },
          "file": function.file,
        ]
        if let owner = function.owner { object["owner"] = owner }
        return object
      },
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

extension Visibility {
  /// `public` or `internal` (the latter visible to `@testable import`).
  public var word: String { self == .public ? "public" : "internal" }
}

extension TypeDecl.Kind {
  public var word: String {
    switch self {
    case .struct: "struct"
    case .class: "class"
    case .enum: "enum"
    case .actor: "actor"
    case .protocol: "protocol"
    case .extension: "extension"
    }
  }
}

extension FunctionDecl.Kind {
  public var word: String {
    switch self {
    case .function: "function"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }
}
