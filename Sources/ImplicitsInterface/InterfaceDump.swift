/// `implicits interface dump`: everything a file holds, header included,
/// as text for people or as JSON for tools. Both are deterministic.
public enum InterfaceDump {
  /// One line per header field and per record, under counted headings:
  ///
  ///     module Core
  ///     format 1.0
  ///     tool implicits 0.1.0
  ///     fingerprint 3f9a…
  ///     upstream (1)
  ///       Base 77c1…
  ///     ...
  ///     scope-taking functions (1)
  ///       public Feed.load(_:) requires Analytics, \.apiBaseURL  [Sources/Core/Feed.swift]
  ///         parameters: _ (scope)
  public static func text(_ file: InterfaceFile) -> String {
    let header = file.header
    let content = file.decodeContent()
    var out = ""
    func line(_ text: String) { out += text + "\n" }
    line("module \(header.moduleName)")
    line("format \(header.formatVersion)")
    line("tool implicits \(header.toolVersion)")
    line("fingerprint \(header.fingerprint)")
    line("upstream (\(header.upstream.count))")
    for record in header.upstream { line("  \(record.moduleName) \(record.fingerprint)") }
    line("re-exports (\(content.reexports.count))")
    for name in content.reexports { line("  \(name)") }
    line("named keys (\(content.namedKeys.count))")
    for key in content.namedKeys {
      line("  \(key.visibility.word) \\.\(key.name): \(key.valueType)" + (key.isStored ? " (stored)" : ""))
    }
    line("typealiases (\(content.typealiases.count))")
    for alias in content.typealiases { line("  \(alias.visibility.word) \(alias.qualifiedName) = \(alias.target)") }
    line("types (\(content.types.count))")
    for type in content.types {
      // `final` where the kind does not imply it; `non-final` where it does
      // and the record says otherwise.
      var modifier = ""
      if type.isFinal && !type.kind.isAlwaysFinal { modifier = "final " }
      if !type.isFinal && type.kind.isAlwaysFinal { modifier = "non-final " }
      let inherited = (type.superclass.map { [$0] } ?? []) + type.conformances
      line(
        "  \(type.visibility.word) \(modifier)\(type.kind.word) \(type.qualifiedName)"
          + (inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")))
      for property in type.properties {
        line("    \(property.visibility.word) \(property.isStatic ? "static " : "")var \(property.name): \(property.type)")
      }
    }
    line("functions (\(content.functions.count))")
    for function in content.functions {
      let requirements =
        function.requirements.isEmpty ? "nothing" : function.requirements.map(\.description).joined(separator: ", ")
      let generics = function.genericParameters.isEmpty ? "" : "<" + function.genericParameters.joined(separator: ", ") + ">"
      let result = generics + (function.isFailable ? " (failable)" : "") + (function.returnType.map { " -> " + $0 } ?? "")
      let what = function.isScopeTaking ? (function.declaresImplicits ? " declares " : " requires ") + requirements : ""
      line("  \(function.visibility.word) \(function.displayName)\(result)\(what)  [\(function.file)]")
      let parameters = function.parameters.map { parameter -> String in
        var notes: [String] = []
        if parameter.hasDefault { notes.append("default") }
        if parameter.isScope { notes.append("scope") }
        if parameter.isClosure { notes.append(parameter.isEscaping ? "escaping closure" : "closure") }
        if parameter.isAutoclosure { notes.append("autoclosure") }
        if parameter.isVariadic { notes.append("variadic") }
        if parameter.runsInPlace { notes.append("runs in place") }
        let type: String = parameter.type.map { ": " + $0 } ?? ""
        return (parameter.label ?? "_") + type
          + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
      }
      line("    parameters: " + (parameters.isEmpty ? "none" : parameters.joined(separator: ", ")))
    }
    return out
  }

  /// One JSON object: `header` (`module`, `formatVersion`, `toolVersion`,
  /// `fingerprint`, `upstream`), then `reexports`, `namedKeys`,
  /// `typealiases`, `types` and `functions` with every field. Absent
  /// optionals (a free function's `owner`, a type's `superclass`) are
  /// left out; a parameter without a label has the label `_`.
  public static func json(_ file: InterfaceFile) -> String {
    let header = file.header
    let content = file.decodeContent()
    let object: [String: JSONText] = [
      "header": .object([
        "module": .string(header.moduleName),
        "formatVersion": .string(header.formatVersion.description),
        "toolVersion": .string(header.toolVersion),
        "fingerprint": .string(header.fingerprint.description),
        "upstream": .array(
          header.upstream.map {
            .object(["module": .string($0.moduleName), "fingerprint": .string($0.fingerprint.description)])
          }),
      ]),
      "reexports": .array(content.reexports.map(JSONText.string)),
      "namedKeys": .array(
        content.namedKeys.map {
          .object([
            "name": .string($0.name), "valueType": .string($0.valueType), "visibility": .string($0.visibility.word),
            "isStored": .bool($0.isStored),
          ])
        }),
      "typealiases": .array(
        content.typealiases.map {
          .object(["name": .string($0.qualifiedName), "target": .string($0.target), "visibility": .string($0.visibility.word)])
        }),
      "types": .array(content.types.map(json)),
      "functions": .array(content.functions.map(json)),
    ]
    return JSONText.object(object).rendered
  }

  private static func json(_ type: TypeDecl) -> JSONText {
    var object: [String: JSONText] = [
      "name": .string(type.qualifiedName), "kind": .string(type.kind.word), "visibility": .string(type.visibility.word),
      "isFinal": .bool(type.isFinal), "conformances": .array(type.conformances.map(JSONText.string)),
      "properties": .array(
        type.properties.map {
          .object([
            "name": .string($0.name), "type": .string($0.type), "isStatic": .bool($0.isStatic),
            "visibility": .string($0.visibility.word),
          ])
        }),
    ]
    if let superclass = type.superclass { object["superclass"] = .string(superclass) }
    return .object(object)
  }

  private static func json(_ function: FunctionDecl) -> JSONText {
    var object: [String: JSONText] = [
      "name": .string(function.baseName), "signature": .string(function.signature), "kind": .string(function.kind.word),
      "isStatic": .bool(function.isStatic), "visibility": .string(function.visibility.word),
      "parameters": .array(
        function.parameters.map { parameter in
          var object: [String: JSONText] = [
            "label": .string(parameter.label ?? "_"), "hasDefault": .bool(parameter.hasDefault),
            "isScope": .bool(parameter.isScope), "isClosure": .bool(parameter.isClosure),
            "isEscaping": .bool(parameter.isEscaping), "isAutoclosure": .bool(parameter.isAutoclosure),
            "isVariadic": .bool(parameter.isVariadic), "runsInPlace": .bool(parameter.runsInPlace),
          ]
          if let type = parameter.type { object["type"] = .string(type) }
          return .object(object)
        }),
      "genericParameters": .array(function.genericParameters.map(JSONText.string)),
      "requirements": .array(function.requirements.map { .object(["kind": .string($0.kind.word), "key": .string($0.spelling)]) }),
      "file": .string(function.file), "isFailable": .bool(function.isFailable),
      "declaresImplicits": .bool(function.declaresImplicits),
    ]
    if let owner = function.owner { object["owner"] = .string(owner) }
    if let returnType = function.returnType { object["returnType"] = .string(returnType) }
    return .object(object)
  }
}
