import ImplicitsAnalysis
import ImplicitsInterface

/// A module's call chains as `state/<Module>.chains.json` holds them: the
/// JSON values built directly and rendered by `JSONText`, the one JSON
/// writer, on one line. (A module deep in a large graph has chains naming a
/// thousand keys; `JSONText(encoding:)`, through `Encodable`, took a fifth
/// of a build of 1,000 modules.) `RequirementChain`'s `Decodable` reads
/// them back (`implicits why`).
enum ChainsFile {
  static func bytes(_ chains: [RequirementChain]) -> [UInt8] {
    Array(JSONText.array(chains.map(value)).renderedCompactly.utf8)
  }

  static func value(_ chain: RequirementChain) -> JSONText {
    var members: [String: JSONText] = [
      "function": .string(chain.function),
      "keys": .array(
        chain.keys.map { key in
          .object([
            "key": .object(["kind": .int(Int(key.key.kind.rawValue)), "spelling": .string(key.key.spelling)]),
            "name": .string(key.name),
          ])
        }),
      "steps": .array(
        chain.steps.map { step in
          .object([
            "detail": .string(step.detail), "kind": .string(step.kind.rawValue),
            "location": .object([
              "column": .int(step.location.column), "file": .string(step.location.file), "line": .int(step.location.line),
            ]),
            "subject": .string(step.subject),
          ])
        }),
    ]
    if let link = chain.continuesIn {
      members["continuesIn"] = .object(["function": .string(link.function), "module": .string(link.module)])
    }
    return .object(members)
  }
}
