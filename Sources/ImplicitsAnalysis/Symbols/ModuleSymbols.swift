import ImplicitsInterface
import SwiftSyntax

/// Access levels as written; `effective` combines a declaration's with its
/// enclosing types'.
enum Access: Int, Comparable {
  case `private` = 0, `fileprivate` = 1, `internal` = 2, package = 3, `public` = 4, open = 5

  static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }

  /// How the declaration travels in the interface, if at all.
  var visibility: Visibility? {
    switch self {
    case .private, .fileprivate: nil
    case .internal: .testable
    case .package, .public, .open: .public
    }
  }

  static func from(_ modifiers: DeclModifierListSyntax, default fallback: Access = .internal) -> Access {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private): return .private
      case .keyword(.fileprivate): return .fileprivate
      case .keyword(.internal): return .internal
      case .keyword(.package): return .package
      case .keyword(.public): return .public
      case .keyword(.open): return .open
      default: continue
      }
    }
    return fallback
  }
}

/// Everything the analyzed module declares that matters to implicits.
final class ModuleSymbols {
  let moduleName: String
  /// Types declared here, and types of other modules extended here, by
  /// qualified name (`Outer.Inner`).
  var types: [String: TypeSymbol] = [:]
  /// Free functions by base name.
  var freeFunctions: [String: [FunctionSymbol]] = [:]
  var namedKeys: [String: NamedKeySymbol] = [:]
  /// Typealiases by qualified name.
  var typealiases: [String: TypealiasSymbol] = [:]
  /// Every function symbol, in declaration order (files sorted).
  var allFunctions: [FunctionSymbol] = []
  /// Imports of all files.
  var imports: [ImportInfo] = []

  init(moduleName: String) {
    self.moduleName = moduleName
  }

  func type(named qualifiedName: String) -> TypeSymbol? { types[qualifiedName] }
}

struct ImportInfo: Hashable {
  var module: String
  var isTestable: Bool
  var isExported: Bool
  /// The text after `import` with attributes, for the support file.
  var declaration: String
}

final class TypeSymbol {
  let qualifiedName: String
  var kind: TypeDecl.Kind
  /// Declared in this module (not only extended).
  var isDeclaredHere: Bool
  var isFinal: Bool
  var access: Access
  var location: SourceLocation?
  /// Inherited names as written, resolved lazily.
  var inheritedNames: [String] = []
  /// Members by base name (`build`, `init`, `subscript`).
  var methods: [String: [FunctionSymbol]] = [:]
  var properties: [String: PropertySymbol] = [:]
  /// Stored `@Implicit var x: T` properties, read by every scope-taking
  /// initializer.
  var storedImplicits: [StoredImplicit] = []
  /// Stored bags (`let implicits = #implicits`).
  var storedBags: [Bag] = []
  /// Generic parameter names of the type, which keys cannot depend on.
  var genericParameters: Set<String> = []
  /// The analyzer-resolved superclass (a class of this module or upstream).
  var superclass: String?

  init(qualifiedName: String, kind: TypeDecl.Kind, isDeclaredHere: Bool, isFinal: Bool, access: Access) {
    self.qualifiedName = qualifiedName
    self.kind = kind
    self.isDeclaredHere = isDeclaredHere
    self.isFinal = isFinal
    self.access = access
  }

  var name: String { qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName }

  func addMethod(_ function: FunctionSymbol) {
    methods[function.baseName, default: []].append(function)
  }
}

struct PropertySymbol {
  var name: String
  /// The canonical type, when the declaration shows it.
  var type: String?
  var isStatic: Bool
  var access: Access
}

struct StoredImplicit {
  var key: ImplicitKeyRef
  var propertyName: String
  var location: SourceLocation
}

struct NamedKeySymbol {
  var name: String
  var valueType: String
  var access: Access
  var location: SourceLocation
}

struct TypealiasSymbol {
  var qualifiedName: String
  /// The aliased type as syntax, canonicalized on use.
  var target: TypeSyntax
  /// The type the alias is declared in, for resolving names in `target`.
  var context: String?
  var access: Access
  var file: ParsedFile
  var genericParameters: [String]
}

/// A function, method, initializer or subscript of this module.
final class FunctionSymbol {
  let baseName: String
  let kind: FunctionDecl.Kind
  let isStatic: Bool
  let parameters: [FunctionDecl.Parameter]
  /// Parameter names and declared types, for resolving calls on them.
  let parameterTypes: [(name: String, type: TypeSyntax)]
  let access: Access
  weak var owner: TypeSymbol?
  /// The owner's qualified name (kept when `owner` is a local type).
  let ownerName: String?
  let location: SourceLocation
  let file: ParsedFile
  /// Index of the `ImplicitScope` parameter.
  let scopeParameterIndex: Int?
  /// The declaration, for generated wrappers.
  let declaration: DeclSyntax
  /// The body, analyzed as a unit; nil for declarations without a body.
  var unit: Unit?
  /// `self.init(…)` in the body: the delegated initializer reads the
  /// stored implicits, not this one.
  var isDelegatingInitializer = false
  /// Declared in an `#if` clause the analyzer cannot decide.
  let isInUndecidedCode: Bool
  /// Protocol requirement (no body).
  let isProtocolRequirement: Bool

  init(
    baseName: String, kind: FunctionDecl.Kind, isStatic: Bool, parameters: [FunctionDecl.Parameter],
    parameterTypes: [(name: String, type: TypeSyntax)], access: Access, owner: TypeSymbol?, ownerName: String?,
    location: SourceLocation, file: ParsedFile, scopeParameterIndex: Int?, declaration: DeclSyntax,
    isInUndecidedCode: Bool, isProtocolRequirement: Bool
  ) {
    self.baseName = baseName
    self.kind = kind
    self.isStatic = isStatic
    self.parameters = parameters
    self.parameterTypes = parameterTypes
    self.access = access
    self.owner = owner
    self.ownerName = ownerName
    self.location = location
    self.file = file
    self.scopeParameterIndex = scopeParameterIndex
    self.declaration = declaration
    self.isInUndecidedCode = isInUndecidedCode
    self.isProtocolRequirement = isProtocolRequirement
  }

  var isScopeTaking: Bool { scopeParameterIndex != nil }

  /// `build(id:_:)`.
  var signature: String {
    let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
    return "\(baseName)(\(labels))"
  }

  /// How diagnostics name it: `Owner.build(id:_:)` or `build(id:_:)`.
  var displayName: String {
    (ownerName.map { $0 + "." } ?? "") + signature
  }
}
