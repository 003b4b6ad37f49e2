import ImplicitsInterface
import SwiftSyntax

/// Reads `@RequiresImplicits(.type(Logger.self), .named(\.apiBaseURL))` on
/// a function, initializer or subscript: its keys resolve like those of
/// `Implicits(capturing:)`, in the declaration's context.
extension MemberCollector {
  func declaredImplicits(
    _ attributes: AttributeListSyntax, symbol: FunctionSymbol, file: ParsedFile, owner: TypeSymbol?
  ) -> DeclaredImplicits? {
    guard let attribute = Self.requiresImplicitsAttribute(attributes) else { return nil }
    let location = file.location(of: attribute)
    guard symbol.isScopeTaking else {
      report(.requiresImplicitsWithoutScope(symbol, at: location))
      return nil
    }
    var list: LabeledExprListSyntax = []
    if case .argumentList(let arguments) = attribute.arguments { list = arguments }
    keys.crossModuleKeyPaths(in: list, file: file).forEach(report)
    switch keys.explicitKeys(list, in: context(file: file, owner: owner, node: attribute), what: "@RequiresImplicits") {
    case .success(let found):
      return DeclaredImplicits(keys: Array(Set(found)).sorted(), location: location)
    case .failure(let problem):
      report(problem.problem.diagnostic(at: file.location(of: problem.node)))
      return DeclaredImplicits(keys: [], location: location, isComplete: false)
    }
  }

  static func requiresImplicitsAttribute(_ attributes: AttributeListSyntax) -> AttributeSyntax? {
    for case .attribute(let attribute) in attributes {
      let name = attribute.attributeName.trimmedText
      if name == "RequiresImplicits" || name == "Implicits.RequiresImplicits" { return attribute }
    }
    return nil
  }
}
