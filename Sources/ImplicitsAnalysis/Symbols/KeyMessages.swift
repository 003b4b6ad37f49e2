/// The messages of the rules about keys and the `@Implicit` declarations
/// that use them: `generic-key`, `unknown-named-key`, `key-spelling`,
/// `key-inference`, `named-key-declaration`, `wrapper-order` and
/// `discarded-implicit`.
extension Diagnostic {
  /// A type key that names a generic parameter (or `Self`, or `some P`).
  static func genericKey(_ parameter: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .genericKey,
      "Generic keys are not supported: '\(parameter)' stands for a different type at every use; "
        + "use a concrete type, or a named key",
      at: location)
  }

  /// `\.name` names no key declared here or upstream.
  /// `\.name` for another module's stored `static let` named key.
  static func crossModuleKeyPath(
    _ name: String, module: String, valueType: String, at location: SourceLocation, end: SourceLocation
  ) -> Diagnostic {
    .warning(
      .crossModuleKeyPath,
      "The key path '\\.\(name)' names a 'static let' that module '\(module)' declares in 'extension ImplicitsKeys': "
        + "Swift 6.3 emits no property descriptor for it, and the program crashes reading it through a key path from "
        + "another module (fixed by swiftlang/swift pull request 89609, in no 6.3 release); write the key itself, "
        + "'ImplicitsKeys.\(name)', or declare it in '\(module)' as 'public static var \(name): Key<\(valueType)> { _\(name) }' "
        + "over a 'private static let _\(name) = Key<\(valueType)>()'",
      at: location,
      notes: [.init(location: location, message: "fix-it: replace '\\.\(name)' with 'ImplicitsKeys.\(name)'")],
      fixIts: [.init(start: location, end: end, replacement: "ImplicitsKeys.\(name)")])
  }

  static func unknownNamedKey(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .unknownNamedKey,
      "Unknown named key '\\.\(name)': declare it as 'static let \(name) = Key<Type>()' in 'extension ImplicitsKeys'",
      at: location)
  }

  /// An element of a key list (`Implicits(capturing:)`, `@RequiresImplicits`)
  /// that is not `.type(…)` or `.named(…)`.
  static func keyListSpelling(of what: String, at location: SourceLocation) -> Diagnostic {
    .error(.keySpelling, "\(what) takes keys as '.type(T.self)' or '.named(\\.name)'", at: location)
  }

  /// `.type(x)` where `x` is not `T.self`.
  static func typeKeyArgumentSpelling(at location: SourceLocation) -> Diagnostic {
    .error(.keySpelling, "'.type' takes a type as 'T.self'", at: location)
  }

  /// `.named(x)` where `x` is not `\.name`.
  static func namedKeyArgumentSpelling(at location: SourceLocation) -> Diagnostic {
    .error(.keySpelling, "'.named' takes a key path as '\\.name'", at: location)
  }

  /// `@Implicit(x)` where `x` is neither `\.name` nor `T.self`.
  static func implicitKeySpelling(at location: SourceLocation) -> Diagnostic {
    .error(.keySpelling, "@Implicit takes a named key as '\\.name' or a type as 'T.self'", at: location)
  }

  /// `Implicit.map` whose keys are not written as keys.
  static func mapKeySpelling(at location: SourceLocation) -> Diagnostic {
    .error(
      .keySpelling, "Implicit.map takes its keys as 'Type.self' or '\\.name': Implicit.map(A.self, to: \\.b) { … }",
      at: location)
  }

  /// A stored `@Implicit` property without a type or a key.
  static func storedKeyNotInferred(at location: SourceLocation) -> Diagnostic {
    .error(.keyInference, "Unable to infer implicit key: add a type annotation", at: location)
  }

  /// `@Implicit var name = value` whose value's type the analyzer cannot
  /// tell, with why when it knows.
  static func providedKeyNotInferred(
    _ failure: KeyInferenceFailure, variable name: String?, at location: SourceLocation
  ) -> Diagnostic {
    let reason: String
    switch failure {
    case .unknownType:
      reason = ""
    case .genericWithoutArguments(let type):
      reason = ": '\(type)' is generic and its arguments are not written here"
    case .failabilityUnknown(let initializer):
      reason = ": whether '\(initializer)' fails depends on the type of its argument, which the code does not declare"
    }
    return .error(
      .keyInference,
      "Unable to infer implicit key\(reason): add a type annotation ('@Implicit var \(name ?? "x"): Type = …') "
        + "or use a named key",
      at: location)
  }

  /// Something other than a named key in `extension ImplicitsKeys`.
  static func namedKeyDeclaration(at location: SourceLocation) -> Diagnostic {
    .error(
      .namedKeyDeclaration, "extension ImplicitsKeys may only declare named keys: 'static let name = Key<Type>()'",
      at: location)
  }

  /// A computed named key whose getter does not return a stored key.
  static func computedKeyMakesNewKey(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .namedKeyDeclaration,
      "computed named key '\(name)' must return a stored key of this module, as in "
        + "'static var \(name): Key<T> { _\(name) }' over 'private static let _\(name) = Key<T>()': any other "
        + "getter makes a new key at each use, which no read can find",
      at: location)
  }

  /// A computed named key whose getter names no stored key of this module.
  static func computedKeyWithoutStoredKey(_ name: String, stored: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .namedKeyDeclaration,
      "computed named key '\(name)' returns '\(stored)', which is no stored key of this module visible here; "
        + "declare it in 'extension ImplicitsKeys' as 'static let \(stored) = Key<T>()'",
      at: location)
  }

  /// A computed named key whose value type is not its stored key's.
  static func computedKeyTypeMismatch(
    _ name: String, stored: String, declared: String, storedType: String, at location: SourceLocation
  ) -> Diagnostic {
    .error(
      .namedKeyDeclaration,
      "computed named key '\(name)' is a 'Key<\(declared)>' but returns '\(stored)', a 'Key<\(storedType)>'; "
        + "declare both with one value type",
      at: location)
  }

  /// A property wrapper written outside `@Implicit`.
  static func wrapperOrder(at location: SourceLocation) -> Diagnostic {
    .error(.wrapperOrder, "@Implicit must be the outermost property wrapper", at: location)
  }

  /// `@Implicit var _ = …`.
  static func discardedImplicit(at location: SourceLocation) -> Diagnostic {
    .error(
      .discardedImplicit,
      "'@Implicit var _ = …' provides nothing: Swift drops a property wrapper on a '_' pattern; give the "
        + "variable a name",
      at: location)
  }
}

/// Why the key of a provided value cannot be inferred from it.
enum KeyInferenceFailure: Error {
  /// The analyzer cannot tell the value's type.
  case unknownType
  /// A generic type of the module named without its arguments (its display name).
  case genericWithoutArguments(String)
  /// An initializer (`Type(label:)`) whose failability depends on an
  /// argument of unknown type.
  case failabilityUnknown(String)
}
