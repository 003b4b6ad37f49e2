import ImplicitsInterface
import SwiftSyntax

/// Everything the analyzed module declares that matters to implicits, with
/// the tables Swift's name lookup goes through: types by identity, module-
/// wide and file-private names, functions, named keys, typealiases.
final class ModuleSymbols {
  let moduleName: String
  /// Every type declared here (module-wide, file-private, local) and every
  /// type of another module extended here, by identity (`App.Outer.Inner`,
  /// `App.Config (fileprivate in A.swift)`, `Core.Service`, `Int`).
  var typesByIdentity: [String: TypeSymbol] = [:]
  /// Top-level types that every file of the module can name, by name.
  var moduleTypes: [String: TypeSymbol] = [:]
  /// Top-level `private`/`fileprivate` types, by file (relative path) and name.
  var fileTypes: [String: [String: TypeSymbol]] = [:]
  /// The type each type declaration or extension declares members of.
  var typesByDeclaration: [SyntaxIdentifier: TypeSymbol] = [:]
  /// Free functions by base name.
  var freeFunctions: [String: [FunctionSymbol]] = [:]
  /// Named keys by name (several when file-private ones share a name).
  var namedKeys: [String: [NamedKeySymbol]] = [:]
  /// Top-level typealiases by name.
  var typealiases: [String: [TypealiasSymbol]] = [:]
  var typealiasesByDeclaration: [SyntaxIdentifier: TypealiasSymbol] = [:]
  /// Module-level variables, by name.
  var globalProperties: [String: [PropertySymbol]] = [:]
  /// Every function symbol, in declaration order (files sorted).
  var allFunctions: [FunctionSymbol] = []
  /// Imports of all files.
  var imports: [ImportInfo] = []
  /// Names that a lexical scope may declare as a type (nested and local
  /// types, member and local typealiases, generic parameters): only these
  /// are looked up lexically before the file and the module.
  var lexicalTypeNames: Set<String> = []
  /// Closure wrappers (`withNameImplicits { … }`) by name, in order found.
  var closureWrappers: [String: ClosureWrapper] = [:]

  /// Base names (and, for initializers, type names) of the functions that
  /// take an `@escaping @autoclosure` or a non-escaping closure parameter:
  /// only calls of these names are resolved for their arguments' sake.
  lazy var namesWithEscapingAutoclosures: Set<String> = names { SyntaxFacts.isEscapingAutoclosure($0) }
  lazy var namesWithClosureParameters: Set<String> = names { SyntaxFacts.isClosureType($0) }

  private func names(where test: (TypeSyntax) -> Bool) -> Set<String> {
    var names = Set<String>()
    for function in allFunctions where function.parameterTypes.contains(where: { test($0.type) }) {
      names.insert(function.baseName)
      if function.kind == .initializer, let owner = function.owner { names.insert(owner.name) }
    }
    return names
  }

  init(moduleName: String) {
    self.moduleName = moduleName
  }

  func register(_ type: TypeSymbol) {
    typesByIdentity[type.identity] = type
  }

  /// A module-level variable visible from `file`.
  func globalProperty(_ name: String, from file: ParsedFile) -> PropertySymbol? {
    globalProperties[name]?.first { $0.isVisible(from: file) }
  }

  /// A named key visible from `file`.
  func namedKey(_ name: String, from file: ParsedFile) -> NamedKeySymbol? {
    namedKeys[name]?.first { $0.privateFile == nil || $0.privateFile == file.relativePath }
  }
}

struct ImportInfo: Hashable {
  var module: String
  var isTestable: Bool
  var isExported: Bool
  /// The text after `import` with attributes, for the support file.
  var declaration: String
}

/// A property (or module-level variable, or enum case) whose type calls on
/// it and keys taken from it need.
final class PropertySymbol {
  let name: String
  /// The declared type, resolved in pass 2; nil when not annotated.
  var declaredType: SemanticType?
  /// The initial value, for a type inferred from it on first use.
  let initializer: ExprSyntax?
  let isStatic: Bool
  let access: Access
  let file: ParsedFile
  weak var owner: TypeSymbol?
  /// The inferred type once asked for (`.some(nil)`: none found).
  var inferred: SemanticType??

  init(
    name: String, declaredType: SemanticType?, initializer: ExprSyntax?, isStatic: Bool, access: Access, file: ParsedFile,
    owner: TypeSymbol?
  ) {
    self.name = name
    self.declaredType = declaredType
    self.initializer = initializer
    self.isStatic = isStatic
    self.access = access
    self.file = file
    self.owner = owner
  }

  /// The file that alone can see it, for `private`/`fileprivate` ones.
  var privateFile: String? { access.isFilePrivate ? file.relativePath : nil }

  func isVisible(from file: ParsedFile) -> Bool { !access.isFilePrivate || self.file === file }
}

struct StoredImplicit {
  var key: ImplicitKeyRef
  var propertyName: String
  var location: SourceLocation
}

struct NamedKeySymbol {
  var name: String
  var identity: DeclarationIdentity
  var valueType: SemanticType
  var access: Access
  var location: SourceLocation
  var privateFile: String?

  var key: ImplicitKeyRef { .named(identity.text) }
}

/// `typealias Name = Target`, resolved on use in the context it is declared in.
final class TypealiasSymbol {
  let name: String
  let target: TypeSyntax
  /// The type it is a member of, if any.
  weak var owner: TypeSymbol?
  let access: Access
  let file: ParsedFile
  let genericParameters: [String]
  var resolved: SemanticType?
  var isResolving = false

  init(name: String, target: TypeSyntax, owner: TypeSymbol?, access: Access, file: ParsedFile, genericParameters: [String]) {
    self.name = name
    self.target = target
    self.owner = owner
    self.access = access
    self.file = file
    self.genericParameters = genericParameters
  }

  /// `Outer.Name` within the module.
  var qualifiedName: String { (owner.map { $0.qualifiedName + "." } ?? "") + name }
}

/// `withNameImplicits { a, b, scope in … }`: the support file defines the
/// function, which captures what the closure requires.
struct ClosureWrapper {
  var name: String
  /// Closure parameters before the scope.
  var argumentCount: Int
  var unit: Unit
  var location: SourceLocation
}
