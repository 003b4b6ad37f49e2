import ImplicitsInterface
import SwiftSyntax

/// Everything the analyzed module declares that matters to implicits, with
/// the tables Swift's name lookup goes through: types and functions by
/// identity and declaration (`declarations`), module-wide and file-private
/// names, free functions, named keys, typealiases. The names and members
/// passes fill it; the later stages only read it.
final class ModuleSymbols {
  let moduleName: String
  /// Types, typealiases and functions by identity and declaration.
  let declarations = DeclarationTable()
  /// Top-level types that every file of the module can name, by name.
  var moduleTypes: [String: TypeSymbol] = [:]
  /// Top-level `private`/`fileprivate` types, by file (relative path) and name.
  var fileTypes: [String: [String: TypeSymbol]] = [:]
  /// Free functions by base name.
  var freeFunctions: [String: [FunctionSymbol]] = [:]
  /// Named keys by name (several when file-private ones share a name).
  var namedKeys: [String: [NamedKeySymbol]] = [:]
  /// Top-level typealiases by name.
  var typealiases: [String: [TypealiasSymbol]] = [:]
  /// Module-level variables, by name.
  var globalProperties: [String: [PropertySymbol]] = [:]
  /// Imports of all files.
  var imports: [ImportInfo] = []

  init(moduleName: String) {
    self.moduleName = moduleName
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
  /// `import struct Core.Config`: the one declaration it imports by name;
  /// nil for the whole module.
  var declarationName: String? = nil
  /// The text after `import` with attributes, for the support file.
  var declaration: String
}

/// A property (or module-level variable, or enum case) whose type calls on
/// it and keys taken from it need.
final class PropertySymbol {
  let name: String
  /// The declared type, resolved in pass 2; nil when not annotated.
  let declaredType: SemanticType?
  /// The initial value, for a type inferred from it on first use.
  let initializer: ExprSyntax?
  let isStatic: Bool
  let access: Access
  let file: ParsedFile
  weak var owner: TypeSymbol?

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

  func isVisible(from file: ParsedFile) -> Bool { !access.isFilePrivate || self.file.isSameFile(as: file) }
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
  /// A stored `static let` (not a computed `static var`).
  var isStored: Bool
  /// A computed key's stored key, as its getter names it (`_apiBaseURL`).
  var storedKey: String?
  /// The file that declares it.
  var file: ParsedFile

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
