import Foundation
import ImplicitsAnalysis
import ImplicitsInterface

/// A module's call chains as `state/<Module>.chains.json` holds them
/// (`implicits build`, `implicits analyze --emit-chains`), with the
/// fingerprint of the interface written with them:
/// `{"chains":[…],"interface":"<sha-256>"}`. The JSON values are built
/// directly and rendered by `JSONText`, the one JSON writer, on one line.
/// (A module deep in a large graph has chains naming a thousand keys;
/// `JSONText(encoding:)`, through `Encodable`, took a fifth of a build of
/// 1,000 modules.) `Content`'s `Decodable` reads them back (`implicits why`).
public enum ChainsFile {
  /// What the file holds.
  public struct Content: Decodable, Sendable {
    public var chains: [RequirementChain]
    /// The fingerprint of the interface the chains belong to: chains are
    /// current while the interface file beside them has it.
    public var interface: String
  }

  public static func bytes(_ chains: [RequirementChain], interface: Fingerprint) -> [UInt8] {
    Array(
      JSONText.object(["chains": .array(chains.map(value)), "interface": .string(interface.description)])
        .renderedCompactly.utf8)
  }

  public static func read(_ bytes: [UInt8]) -> Content? {
    try? JSONDecoder().decode(Content.self, from: Data(bytes))
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
