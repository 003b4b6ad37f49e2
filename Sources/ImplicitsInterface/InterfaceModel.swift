/// What one module's `.implicitinterface` says to the modules downstream of
/// it. The binary encoding is in `InterfaceWriter`/`InterfaceFile`; the
/// byte-by-byte format is documented in docs/interface-format.md.
///
/// Every array is kept sorted (see `InterfaceContent.normalized()`), so that
/// equal contents encode to equal bytes whatever order the analyzer found
/// things in.
public struct InterfaceContent: Equatable, Hashable, Sendable, Codable {
  /// The module this interface describes.
  public var moduleName: String
  /// Modules re-exported with `@_exported import`, sorted.
  public var reexports: [String]
  /// Named keys declared in `extension ImplicitsKeys`, sorted by name.
  public var namedKeys: [NamedKeyDecl]
  /// Types (and extensions of types) that downstream symbol resolution
  /// needs, sorted by qualified name.
  public var types: [TypeDecl]
  /// Typealiases, for canonical key spelling downstream, sorted.
  public var typealiases: [TypealiasDecl]
  /// Scope-taking functions, methods, initializers and subscripts with what
  /// they require, sorted by owner and base name (see `normalized()`).
  public var functions: [FunctionDecl]

  public init(
    moduleName: String, reexports: [String] = [], namedKeys: [NamedKeyDecl] = [], types: [TypeDecl] = [],
    typealiases: [TypealiasDecl] = [], functions: [FunctionDecl] = []
  ) {
    self.moduleName = moduleName
    self.reexports = reexports
    self.namedKeys = namedKeys
    self.types = types
    self.typealiases = typealiases
    self.functions = functions
  }

  /// The same content with every list in its canonical order and exact
  /// duplicates removed: the order in which a file stores it, and in which
  /// `InterfaceFile.decodeContent()` returns it.
  ///
  /// Strings compare by their UTF-8 bytes (not by Swift's `<`, for which
  /// canonically equivalent spellings are equal), and records tie only when
  /// every field is equal byte for byte, so the result does not depend on
  /// the order of the input (see `CanonicalOrder`).
  public func normalized() -> InterfaceContent {
    var copy = self
    copy.reexports = CanonicalOrder.sortedUnique(reexports)
    copy.namedKeys = CanonicalOrder.sortedUnique(namedKeys, key: CanonicalOrder.key)
    copy.types = CanonicalOrder.sortedUnique(types.map { $0.normalized() }, key: CanonicalOrder.key)
    copy.typealiases = CanonicalOrder.sortedUnique(typealiases, key: CanonicalOrder.key)
    copy.functions = CanonicalOrder.sortedUnique(functions.map { $0.normalized() }, key: CanonicalOrder.key)
    return copy
  }
}

/// Who may see a declaration downstream.
public enum Visibility: UInt8, Sendable, Codable, Comparable {
  /// `public` or `open` (and `package`): every importer.
  case `public` = 0
  /// `internal`: only importers that use `@testable import`.
  case testable = 1

  public static func < (lhs: Visibility, rhs: Visibility) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An implicit key as it travels between modules.
///
/// A key is the declaration it names, not its spelling: `spelling` is the
/// key's *identity*. A type key's identity is its canonical type with every
/// type the analyzer knows the declaration of written module-qualified
/// (`Core.Config`, `Array<App.Item>`); types it does not know (the standard
/// library's, Foundation's) stay as written, without a module prefix
/// (`Int`, `URL`). A type that no other file can name carries a
/// discriminator after a space: `App.Config (fileprivate in Settings.swift)`,
/// `App.Step (local in 'run(_:)' in Main.swift)`. A named key's identity is
/// its declaring module and name, `Core.apiBaseURL`.
public struct ImplicitKeyRef: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public enum Kind: UInt8, Sendable, Codable {
    /// A type key; `spelling` is the type's identity (`Array<Int>`, `MyApp.Logger`).
    case type = 0
    /// A named key; `spelling` is the declaring module and the key's name (`Core.apiBaseURL`).
    case named = 1
  }

  public var kind: Kind
  public var spelling: String

  public init(kind: Kind, spelling: String) {
    self.kind = kind
    self.spelling = spelling
  }

  public static func type(_ spelling: String) -> ImplicitKeyRef { ImplicitKeyRef(kind: .type, spelling: spelling) }
  public static func named(_ name: String) -> ImplicitKeyRef { ImplicitKeyRef(kind: .named, spelling: name) }

  /// The key's identity as dumps show it: `Core.Analytics`, `\.Core.apiBaseURL`.
  public var description: String { kind == .named ? "\\." + spelling : spelling }

  /// A named key's name without its module (`apiBaseURL`); a type key's
  /// identity without its discriminator.
  public var name: String {
    guard kind == .named else { return IdentityDiscriminator.removingAll(from: spelling) }
    let path = IdentityDiscriminator.split(spelling).path
    guard let dot = path.lastIndex(of: ".") else { return String(path) }
    return String(path[path.index(after: dot)...])
  }

  /// Whether code in another file can spell the key (no discriminator;
  /// see `IdentityDiscriminator.mayBeIn`).
  public var isNameable: Bool { !IdentityDiscriminator.mayBeIn(spelling) }

  /// Keys sort by how they are shown (`description`, then kind), without
  /// building the shown text: two keys of a kind share its prefix, and a
  /// named key's `\.` against a type's first character decides when that
  /// character cannot combine with the next (both ASCII, the usual case;
  /// other spellings compare the shown texts). Sorting thousands of keys
  /// allocates nothing.
  public static func < (lhs: ImplicitKeyRef, rhs: ImplicitKeyRef) -> Bool {
    if lhs.kind == rhs.kind { return lhs.spelling < rhs.spelling }
    let type = lhs.kind == .type ? lhs : rhs
    var bytes = type.spelling.utf8.makeIterator()
    if let first = bytes.next(), first < 0x80, first != UInt8(ascii: "\\") {
      let second = bytes.next()
      if second.map({ $0 < 0x80 }) ?? true {
        let namedFirst = first > UInt8(ascii: "\\")
        return lhs.kind == .named ? namedFirst : !namedFirst
      }
    }
    return (lhs.description, lhs.kind.rawValue) < (rhs.description, rhs.kind.rawValue)
  }
}

/// `extension ImplicitsKeys { static let apiBaseURL = Key<URL>() }`
public struct NamedKeyDecl: Hashable, Sendable, Codable {
  public var name: String
  /// The canonical spelling of the key's value type.
  public var valueType: String
  public var visibility: Visibility
  /// Declared as a stored `static let` in `extension ImplicitsKeys` (not a
  /// computed `static var`): Swift 6.3 gives it no property descriptor, so
  /// a key path to it from another module reads a null pointer.
  public var isStored: Bool

  public init(name: String, valueType: String, visibility: Visibility, isStored: Bool = false) {
    self.name = name
    self.valueType = valueType
    self.visibility = visibility
    self.isStored = isStored
  }

  /// The flags byte of its entry (docs/interface-format.md).
  public var flags: UInt8 { isStored ? 1 : 0 }
}

/// A type, or the members one module adds to a type by extensions.
public struct TypeDecl: Hashable, Sendable, Codable {
  public enum Kind: UInt8, Sendable, Codable {
    case `struct` = 0, `class` = 1, `enum` = 2, actor = 3, `protocol` = 4
    /// Members added by `extension` to a type declared elsewhere.
    case `extension` = 5
  }

  /// `Outer.Inner`; for an extension, the extended type as resolved.
  public var qualifiedName: String
  public var kind: Kind
  public var visibility: Visibility
  /// `final class`, or a struct/enum/actor (never subclassed).
  public var isFinal: Bool
  /// The superclass of a class, as resolved.
  public var superclass: String?
  /// Protocols the type conforms to (as written in its inheritance clauses), sorted.
  public var conformances: [String]
  /// Properties with their declared types, sorted by name.
  public var properties: [PropertyDecl]

  public init(
    qualifiedName: String, kind: Kind, visibility: Visibility, isFinal: Bool, superclass: String? = nil,
    conformances: [String] = [], properties: [PropertyDecl] = []
  ) {
    self.qualifiedName = qualifiedName
    self.kind = kind
    self.visibility = visibility
    self.isFinal = isFinal
    self.superclass = superclass
    self.conformances = conformances
    self.properties = properties
  }

  /// Conformances and properties in canonical order, exact duplicates removed.
  public func normalized() -> TypeDecl {
    var copy = self
    copy.conformances = CanonicalOrder.sortedUnique(conformances)
    copy.properties = CanonicalOrder.sortedUnique(properties, key: CanonicalOrder.key)
    return copy
  }
}

/// A property whose declared type downstream resolution may need
/// (`service.network.fetch(scope)`).
public struct PropertyDecl: Hashable, Sendable, Codable {
  public var name: String
  /// The canonical spelling of the property's type.
  public var type: String
  public var isStatic: Bool
  public var visibility: Visibility

  public init(name: String, type: String, isStatic: Bool, visibility: Visibility) {
    self.name = name
    self.type = type
    self.isStatic = isStatic
    self.visibility = visibility
  }
}

/// `typealias Name = Target`
public struct TypealiasDecl: Hashable, Sendable, Codable {
  /// `Name`, or `Outer.Name` for a nested typealias.
  public var qualifiedName: String
  /// The canonical spelling of the aliased type.
  public var target: String
  public var visibility: Visibility

  public init(qualifiedName: String, target: String, visibility: Visibility) {
    self.qualifiedName = qualifiedName
    self.target = target
    self.visibility = visibility
  }
}

/// A scope-taking function, method, initializer or subscript.
public struct FunctionDecl: Hashable, Sendable, Codable {
  public enum Kind: UInt8, Sendable, Codable {
    case function = 0, initializer = 1, `subscript` = 2
  }

  public struct Parameter: Hashable, Sendable, Codable {
    /// The argument label; nil for `_`.
    public var label: String?
    public var hasDefault: Bool
    /// The `ImplicitScope` parameter.
    public var isScope: Bool
    /// Its type is a function type (optional or not): a closure passed to
    /// it may run during the call.
    public var isClosure: Bool
    /// A closure parameter that may run after the call returns
    /// (`@escaping`, or an optional function type).
    public var isEscaping: Bool
    /// An `@autoclosure` parameter: its argument is evaluated when the
    /// callee calls it (later, if it also escapes).
    public var isAutoclosure: Bool
    /// `T...`: it takes any number of arguments, the first with its label.
    public var isVariadic: Bool
    /// A non-escaping closure parameter that the function's bodies only
    /// call or hand to other such parameters: a closure passed to it runs
    /// during the call, on the calling thread (not through
    /// `withoutActuallyEscaping`, storing it, or a function that may run it
    /// on another thread).
    public var runsInPlace: Bool
    /// The declared type (an identity, with the function's generic
    /// parameters by name); nil for the scope parameter and where unknown.
    public var type: String?

    public init(
      label: String?, hasDefault: Bool = false, isScope: Bool = false, isClosure: Bool = false, isEscaping: Bool = false,
      isAutoclosure: Bool = false, isVariadic: Bool = false, runsInPlace: Bool = false, type: String? = nil
    ) {
      self.label = label
      self.hasDefault = hasDefault
      self.isScope = isScope
      self.isClosure = isClosure
      self.isEscaping = isEscaping
      self.isAutoclosure = isAutoclosure
      self.isVariadic = isVariadic
      self.runsInPlace = runsInPlace
      self.type = type
    }

    /// The flags byte of the parameter in a file (docs/interface-format.md).
    public var flags: UInt8 {
      (hasDefault ? 1 : 0) | (isScope ? 2 : 0) | (isClosure ? 4 : 0) | (isEscaping ? 8 : 0) | (isAutoclosure ? 16 : 0)
        | (isVariadic ? 32 : 0) | (runsInPlace ? 64 : 0)
    }

    public init(label: String?, flags: UInt8, type: String? = nil) {
      self.init(
        label: label, hasDefault: flags & 1 != 0, isScope: flags & 2 != 0, isClosure: flags & 4 != 0,
        isEscaping: flags & 8 != 0, isAutoclosure: flags & 16 != 0, isVariadic: flags & 32 != 0,
        runsInPlace: flags & 64 != 0, type: type)
    }

    /// The bits a parameter's flags byte may have.
    public static let flagMask: UInt8 = 0x7F

    /// A closure passed to it runs during the call, on the calling thread.
    public var runsDuringCall: Bool { isClosure && !isEscaping && runsInPlace }
    /// Its argument is evaluated after the call may have returned.
    public var defersArgument: Bool { isAutoclosure && isEscaping }
  }

  /// The qualified name of the type the function is a member of; nil for a
  /// free function.
  public var owner: String?
  /// `build`, `init`, `subscript`.
  public var baseName: String
  public var kind: Kind
  public var isStatic: Bool
  public var parameters: [Parameter]
  public var visibility: Visibility
  /// What a call must have provided, sorted.
  public var requirements: [ImplicitKeyRef]
  /// The declaring file, relative to the sources root, with `/` separators.
  public var file: String
  /// The declared result type (a type identity, see `ImplicitKeyRef`, with
  /// the generic parameters by name), for `let x = make()` downstream; nil
  /// when none is declared or it is `Void`.
  public var returnType: String?
  /// The names of the function's generic parameters (`T` of
  /// `resolve<T>(_: T.Type) -> T`): in parameter and result types, these
  /// names are not types.
  public var genericParameters: [String]
  /// An initializer declared `init?` or `init!`: `T(…)` gives `T?`.
  public var isFailable: Bool
  /// `@RequiresImplicits` declares what it requires: `requirements` is that
  /// list, and an implementation of it (a conforming type's method, an
  /// override) in a downstream module must require no more.
  public var declaresImplicits: Bool

  /// The flags byte of the record in a file (docs/interface-format.md).
  public var flags: UInt8 { (isStatic ? 1 : 0) | (isFailable ? 2 : 0) | (declaresImplicits ? 4 : 0) }
  /// The bits a record's flags byte may have.
  public static let flagMask: UInt8 = 0x07

  /// Whether the function takes an `ImplicitScope` (the others are
  /// recorded for their result types and failability only).
  public var isScopeTaking: Bool { parameters.contains(where: \.isScope) }

  public init(
    owner: String?, baseName: String, kind: Kind, isStatic: Bool, parameters: [Parameter],
    visibility: Visibility, requirements: [ImplicitKeyRef], file: String, returnType: String? = nil,
    isFailable: Bool = false, declaresImplicits: Bool = false, genericParameters: [String] = []
  ) {
    self.declaresImplicits = declaresImplicits
    self.genericParameters = genericParameters
    self.owner = owner
    self.baseName = baseName
    self.kind = kind
    self.isStatic = isStatic
    self.parameters = parameters
    self.visibility = visibility
    self.requirements = requirements
    self.file = file
    self.returnType = returnType
    self.isFailable = isFailable
  }

  /// `build(id:_:)`, as Swift names functions.
  public var signature: String {
    let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
    return "\(baseName)(\(labels))"
  }

  /// `Owner.build(id:_:)`, or `build(id:_:)` for a free function.
  public var qualifiedSignature: String {
    (owner.map { $0 + "." } ?? "") + (isStatic && kind == .function ? "static " : "") + signature
  }

  /// Owner (empty for free functions), a newline, the base name: what
  /// lookups are keyed by. The function index of a file stores it as two
  /// string ids, owner and base name (docs/interface-format.md).
  public var lookupKey: String { Self.lookupKey(owner: owner, baseName: baseName) }

  /// The key functions are looked up by: the owner's identity (empty for
  /// free functions), a line feed, the base name.
  public static func lookupKey(owner: String?, baseName: String) -> String { (owner ?? "") + "\n" + baseName }

  /// Lookup key, signature and static-ness: identifies a declaration up to
  /// its parameter types (overloads by type alone share it). Files order
  /// functions by `CanonicalOrder`, which compares every field.
  public var sortKey: String { lookupKey + "\n" + signature + (isStatic ? "\n1" : "\n0") }

  /// `sortKey` and the parameters' recorded types: one record per
  /// declaration, overloads by type included ("?" for a type not recorded).
  public var overloadKey: String { sortKey + "\n" + parameters.map { $0.type ?? "?" }.joined(separator: ",") }

  /// Requirements in canonical order (as shown, then by kind), exact
  /// duplicates removed. Parameters keep their order: it is the signature.
  public func normalized() -> FunctionDecl {
    var copy = self
    copy.requirements = CanonicalOrder.sortedUnique(requirements)
    return copy
  }
}

/// One upstream interface a module was analyzed against.
public struct UpstreamRecord: Hashable, Sendable, Codable {
  public var moduleName: String
  public var fingerprint: Fingerprint

  public init(moduleName: String, fingerprint: Fingerprint) {
    self.moduleName = moduleName
    self.fingerprint = fingerprint
  }
}

/// The header of an interface file.
public struct InterfaceHeader: Hashable, Sendable, Codable {
  public var formatVersion: FormatVersion
  /// The version of the tool that wrote the file.
  public var toolVersion: String
  public var moduleName: String
  /// Changes exactly when the content that downstream modules observe
  /// changes (SHA-256 of the encoded content).
  public var fingerprint: Fingerprint
  /// The interfaces this one was analyzed against, sorted by module name.
  public var upstream: [UpstreamRecord]

  public init(
    formatVersion: FormatVersion, toolVersion: String, moduleName: String, fingerprint: Fingerprint,
    upstream: [UpstreamRecord]
  ) {
    self.formatVersion = formatVersion
    self.toolVersion = toolVersion
    self.moduleName = moduleName
    self.fingerprint = fingerprint
    self.upstream = upstream
  }
}

/// major.minor of the interface format.
public struct FormatVersion: Hashable, Sendable, Codable, CustomStringConvertible {
  public var major: UInt16
  public var minor: UInt16

  public init(major: UInt16, minor: UInt16) {
    self.major = major
    self.minor = minor
  }

  /// The version this tool writes. It reads every minor version of the
  /// same major version. 2.0: keys, owners and types are identities
  /// (module-qualified, see `ImplicitKeyRef`); function records carry a
  /// result type and failability. 3.0: declared implicits
  /// (`@RequiresImplicits`) and closure parameters in function records.
  /// 4.0: variadic parameters, and closure parameters that run in place.
  public static let current = FormatVersion(major: 4, minor: 0)

  public var description: String { "\(major).\(minor)" }
}

/// A SHA-256 digest.
public struct Fingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
  /// 32 bytes.
  public var bytes: [UInt8]

  public init(bytes: [UInt8]) {
    precondition(bytes.count == 32, "a fingerprint has 32 bytes")
    self.bytes = bytes
  }

  /// Lowercase hex.
  public var description: String { SHA256.hexString(bytes) }
}

/// The version of this tool.
public enum ToolVersion {
  public static let current = "0.1.0"
}
