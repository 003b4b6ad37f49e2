import ImplicitsInterface
import SwiftSyntax

/// Iterates declarations through `#if`: the clauses that are compiled or
/// may be (`undecided`), never the ones that certainly are not.
struct DeclarationWalk {
  let evaluator: ConditionEvaluator

  func forEach(_ decls: some Sequence<DeclSyntax>, undecided: Bool, _ body: (DeclSyntax, Bool) -> Void) {
    for decl in decls {
      guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else {
        body(decl, undecided)
        continue
      }
      for (clause, status) in evaluator.statuses(of: ifConfig) where status != .inactive {
        let clauseUndecided = undecided || status == .undecided
        switch clause.elements {
        case .decls(let members):
          forEach(members.map(\.decl), undecided: clauseUndecided, body)
        case .statements(let statements):
          forEach(statements.compactMap { $0.item.as(DeclSyntax.self) }, undecided: clauseUndecided, body)
        default:
          break
        }
      }
    }
  }

  func forEachMember(_ members: MemberBlockItemListSyntax, undecided: Bool, _ body: (DeclSyntax, Bool) -> Void) {
    forEach(members.lazy.map(\.decl), undecided: undecided, body)
  }

  static func topLevelDecls(_ file: ParsedFile) -> [DeclSyntax] {
    file.tree.statements.compactMap { $0.item.as(DeclSyntax.self) }
  }
}

/// A struct, class, enum, actor or protocol declaration.
struct NominalDecl {
  var decl: DeclSyntax
  var name: String
  var nameToken: TokenSyntax
  var kind: TypeDecl.Kind
  var modifiers: DeclModifierListSyntax
  var members: MemberBlockItemListSyntax
  var inheritance: InheritanceClauseSyntax?
  var genericParameters: [String]
  var isFinal: Bool

  init?(_ decl: DeclSyntax) {
    if let d = decl.as(StructDeclSyntax.self) {
      self.init(decl, d.name, .struct, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ClassDeclSyntax.self) {
      self.init(
        decl, d.name, .class, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause,
        SyntaxFacts.hasModifier(d.modifiers, .final))
    } else if let d = decl.as(EnumDeclSyntax.self) {
      self.init(decl, d.name, .enum, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ActorDeclSyntax.self) {
      self.init(decl, d.name, .actor, d.modifiers, d.memberBlock.members, d.inheritanceClause, d.genericParameterClause, true)
    } else if let d = decl.as(ProtocolDeclSyntax.self) {
      self.init(decl, d.name, .protocol, d.modifiers, d.memberBlock.members, d.inheritanceClause, nil, true)
    } else {
      return nil
    }
  }

  private init(
    _ decl: DeclSyntax, _ name: TokenSyntax, _ kind: TypeDecl.Kind, _ modifiers: DeclModifierListSyntax,
    _ members: MemberBlockItemListSyntax, _ inheritance: InheritanceClauseSyntax?,
    _ generics: GenericParameterClauseSyntax?, _ isFinal: Bool
  ) {
    self.decl = decl
    self.name = name.text
    nameToken = name
    self.kind = kind
    self.modifiers = modifiers
    self.members = members
    self.inheritance = inheritance
    genericParameters = generics?.parameters.map(\.name.text) ?? []
    self.isFinal = isFinal
  }
}
