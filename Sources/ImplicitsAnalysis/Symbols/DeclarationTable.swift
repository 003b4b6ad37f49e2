import SwiftSyntax

/// Where the passes that collect declarations register them: the module's
/// table (names, then members), and the table of the types that bodies
/// declare (the bodies stage, as it walks them: a local type's identity
/// names the unit that declares it, which only the walk tells).
final class DeclarationTable {
  /// Types by identity (`App.Outer.Inner`, `App.Config (fileprivate in
  /// A.swift)`, `Core.Service` extended here, `Int`).
  private(set) var typesByIdentity: [String: TypeSymbol] = [:]
  /// The type each type declaration or extension declares members of.
  var typesByDeclaration: [SyntaxIdentifier: TypeSymbol] = [:]
  var typealiasesByDeclaration: [SyntaxIdentifier: TypealiasSymbol] = [:]
  /// Names that a lexical scope may declare as a type (nested and local
  /// types, member and local typealiases, generic parameters): only these
  /// are looked up lexically before the file and the module.
  var lexicalTypeNames: Set<String> = []
  /// Every function, method, initializer and subscript, in declaration
  /// order (files sorted).
  private(set) var functions: [FunctionSymbol] = []
  private(set) var functionsByDeclaration: [SyntaxIdentifier: FunctionSymbol] = [:]

  func register(_ type: TypeSymbol) {
    typesByIdentity[type.identity] = type
  }

  func register(_ function: FunctionSymbol, declaredBy declaration: SyntaxIdentifier) {
    functionsByDeclaration[declaration] = function
    functions.append(function)
  }

  /// How many registrations it holds (a walk that adds none declared
  /// nothing in bodies).
  var size: Int {
    typesByIdentity.count + typesByDeclaration.count + typealiasesByDeclaration.count + lexicalTypeNames.count
      + functions.count
  }

  /// Whether `node` declares a type, a typealias or a function it holds.
  func finds(_ node: SyntaxIdentifier) -> Bool {
    typesByDeclaration[node] != nil || typealiasesByDeclaration[node] != nil || functionsByDeclaration[node] != nil
  }
}

/// The declarations as lookups see them: the module's table (through the
/// nodes of later versions of its files that stand for the collected ones),
/// and the table of the types declared in the bodies built so far.
struct Declarations {
  let module: DeclarationTable
  let local: DeclarationTable?
  var aliases = DeclarationAliases()

  func type(identity: String) -> TypeSymbol? {
    module.typesByIdentity[identity] ?? local?.typesByIdentity[identity]
  }

  func type(declaration: SyntaxIdentifier) -> TypeSymbol? {
    module.typesByDeclaration[aliases.collectedNode(for: declaration)] ?? local?.typesByDeclaration[declaration]
  }

  func alias(declaration: SyntaxIdentifier) -> TypealiasSymbol? {
    module.typealiasesByDeclaration[aliases.collectedNode(for: declaration)] ?? local?.typealiasesByDeclaration[declaration]
  }

  func function(declaration: SyntaxIdentifier) -> FunctionSymbol? {
    module.functionsByDeclaration[aliases.collectedNode(for: declaration)] ?? local?.functionsByDeclaration[declaration]
  }

  func isLexicalTypeName(_ name: String) -> Bool {
    module.lexicalTypeNames.contains(name) || local?.lexicalTypeNames.contains(name) == true
  }

  /// Every type, in no particular order.
  var types: [TypeSymbol] { Array(module.typesByIdentity.values) + (local.map { Array($0.typesByIdentity.values) } ?? []) }

  /// Every function, the module's first.
  var functions: [FunctionSymbol] { module.functions + (local?.functions ?? []) }
}
