import SwiftSyntax

/// The nodes of later versions of a module's files that stand for the
/// nodes its declarations were collected from (`DeclarationsCache`: a file
/// that changed only inside bodies): an overlay over the collected tables,
/// which look-ups read through (`Declarations`) instead of the tables
/// being changed to find the new nodes.
struct DeclarationAliases {
  /// The collected node each later node stands for.
  private var collected: [SyntaxIdentifier: SyntaxIdentifier] = [:]

  /// The overlay of each file's aliases.
  init(_ files: some Sequence<[SyntaxIdentifier: SyntaxIdentifier]>) {
    for aliases in files { collected.merge(aliases) { first, _ in first } }
  }

  init() {}

  /// The collected node `node` stands for: itself when it stands for none.
  func collectedNode(for node: SyntaxIdentifier) -> SyntaxIdentifier {
    collected[node] ?? node
  }

  /// The later nodes that stand for one of `nodes`.
  func nodes(standingFor nodes: Set<SyntaxIdentifier>) -> Set<SyntaxIdentifier> {
    Set(collected.compactMap { nodes.contains($0.value) ? $0.key : nil })
  }
}
