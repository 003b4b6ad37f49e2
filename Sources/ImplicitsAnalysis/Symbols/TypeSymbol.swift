import ImplicitsInterface
import SwiftSyntax

/// A type declared in the analyzed module, or a type of another module
/// that the module extends.
final class TypeSymbol {
  let name: String
  /// `Outer.Inner` within its module (for a type of another module, its
  /// path there).
  let qualifiedName: String
  /// The identity without generic arguments: `App.Outer.Inner`,
  /// `App.Config (fileprivate in A.swift)`, `Core.Service`, `Int`.
  let semanticType: SemanticType
  var kind: TypeDecl.Kind
  /// Declared in this module (not only extended).
  var isDeclaredHere: Bool
  var isFinal: Bool
  /// Effective access: the lowest of the type's and its enclosing types'.
  var access: Access
  /// The file that alone can name it (file-private and local types).
  let privateFile: String?
  /// Declared in a function body.
  let isLocal: Bool
  var location: SourceLocation?
  weak var parent: TypeSymbol?
  /// Member types by name (several when file-private ones share a name).
  var nestedTypes: [String: [TypeSymbol]] = [:]
  var typealiases: [String: [TypealiasSymbol]] = [:]
  /// Inheritance clauses as written, with where they are written.
  var inheritanceClauses: [(type: TypeSyntax, file: ParsedFile)] = []
  /// Superclass and conformances, resolved after all names are known.
  var superclass: SemanticType?
  var conformances: [SemanticType] = []
  /// Members by base name (`build`, `init`, `subscript`).
  var methods: [String: [FunctionSymbol]] = [:]
  var properties: [String: PropertySymbol] = [:]
  var enumCases: Set<String> = []
  /// Stored `@Implicit var x: T` properties, read by every scope-taking
  /// initializer.
  var storedImplicits: [StoredImplicit] = []
  /// Stored bags (`let implicits = #implicits`).
  var storedBags: [Bag] = []
  var genericParameters: Set<String> = []

  init(
    name: String, qualifiedName: String, semanticType: SemanticType, kind: TypeDecl.Kind, isDeclaredHere: Bool,
    isFinal: Bool, access: Access, privateFile: String?, isLocal: Bool
  ) {
    self.name = name
    self.qualifiedName = qualifiedName
    self.semanticType = semanticType
    identity = semanticType.identity
    self.kind = kind
    self.isDeclaredHere = isDeclaredHere
    self.isFinal = isFinal
    self.access = access
    self.privateFile = privateFile
    self.isLocal = isLocal
  }

  /// The identity, as keys and lookups use it: made once (tables, sorts
  /// and look-ups ask it of a type many times).
  let identity: String

  /// How diagnostics name it: `Outer.Inner`, `Int`.
  var displayName: String { semanticType.display }

  /// The identity path without discriminator (`App.Outer.Inner`).
  var path: String { semanticType.nominal?.path ?? qualifiedName }

  /// Whether code in `file` can name it.
  func isVisible(from file: ParsedFile) -> Bool { privateFile == nil || privateFile == file.relativePath }

  /// Whether a type can take another type's place through subclassing or
  /// conformance (so that `Self` is dynamic in it).
  var hasDynamicSelf: Bool { kind == .protocol || (kind == .class && !isFinal) }

  func addMethod(_ function: FunctionSymbol) {
    methods[function.baseName, default: []].append(function)
  }

  func nestedType(_ name: String, from file: ParsedFile) -> TypeSymbol? {
    nestedTypes[name]?.first { $0.isVisible(from: file) }
  }

  func typealiasMember(_ name: String, from file: ParsedFile) -> TypealiasSymbol? {
    typealiases[name]?.first { $0.access > .fileprivate || $0.file.isSameFile(as: file) }
  }
}
