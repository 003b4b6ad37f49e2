import SwiftParser
import SwiftSyntax
import Testing
@testable import ImplicitsAnalysis

/// The analyzer reads node texts without SwiftSyntax's detached copies; the
/// text must be what `trimmedDescription` gives, for every node.
@Suite struct TrimmedTextTests {
  final class Collector: SyntaxAnyVisitor {
    var mismatches: [String] = []
    var nodes = 0
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      nodes += 1
      if node.trimmedText != node.trimmedDescription { mismatches.append(node.trimmedDescription) }
      return .visitChildren
    }
  }

  @Test("every node of a file with comments, blank lines, non-ASCII text and errors")
  func everyNode() {
    let source = """
      // leading comment
      import Implicits   // trailing

      /// Doc comment für Typ.
      final class Service { /* inner */ let name = "Ünï \\(1 + 2)" }

      func run(_ scope: ImplicitScope) {
        @Implicit var service: Service  // read
        let handler = { [service] in print(service.name) }   
        switch 1 { case 1: handler() default: break }
        let broken = (1, 
      }
      """
    let collector = Collector(viewMode: .all)
    collector.walk(Parser.parse(source: source))
    #expect(collector.nodes > 100)
    #expect(collector.mismatches.isEmpty)
  }
}
