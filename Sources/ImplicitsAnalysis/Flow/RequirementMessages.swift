import ImplicitsInterface

/// The messages of the rules checked once requirements are solved:
/// `unresolved-requirement`, `unused-bag`, `unnameable-key`,
/// `nested-function-scope` (a call where no scope is open) and
/// `declared-implicits` (a body that requires more than it declares).
extension Diagnostic {
  /// A root scope (or a caller without one) that does not provide the
  /// keys named `names`, each with its chain in `notes`.
  static func unresolvedRequirement(_ names: [String], notes: [Note], at location: SourceLocation) -> Diagnostic {
    let list = names.joined(separator: ", ")
    return .error(
      .unresolvedRequirement, names.count == 1 ? "Unresolved requirement: \(list)" : "Unresolved requirements: \(list)",
      at: location, notes: notes)
  }

  /// A `#implicits` bag that nothing reopens.
  static func unusedBag(_ name: String, at location: SourceLocation) -> Diagnostic {
    .warning(.unusedBag, "Unused bag: nothing reopens '\(name)' with 'ImplicitScope(with: \(name))'", at: location)
  }

  /// Why the support file cannot name a key.
  enum UnnameableKeyReason {
    /// A type declared in a function body.
    case local
    /// A file-private type or named key.
    case filePrivate
    /// A type hidden from the support file by another of its name.
    case shadowed
  }

  /// What holds a key the support file must spell.
  enum UnnameableKeyHolder {
    /// A `#implicits` bag.
    case bag
    /// The closure wrapper of that name.
    case closureWrapper(String)
  }

  /// A key named `keyName` that the support file cannot spell.
  static func unnameableKey(
    _ keyName: String, heldBy holder: UnnameableKeyHolder, because reason: UnnameableKeyReason,
    at location: SourceLocation
  ) -> Diagnostic {
    let what: String
    switch holder {
    case .bag: what = "The bag captured here"
    case .closureWrapper(let name): what = "The closure wrapper '\(name)'"
    }
    let said: String
    switch reason {
    case .local:
      said = "a type declared in a function body, that the generated support file cannot name; declare it at file level"
    case .filePrivate:
      said = "a file-private declaration, that the generated support file cannot name; make it internal"
    case .shadowed:
      said = "a type that the generated support file cannot name: another type of that name, or a type named "
        + "like its module, hides it; rename one of them"
    }
    return .error(.unnameableKey, "\(what) holds '\(keyName)', \(said), or use a named key", at: location)
  }

  /// A call, where no scope is open, of a nested function that runs in its
  /// caller's scope and turns out to require the keys named `names`.
  static func scopelessNestedCall(
    of function: String, requires names: [String], notes: [Note], at location: SourceLocation
  ) -> Diagnostic {
    .error(
      .nestedFunctionScope,
      "'\(function)' runs in the scope of its caller and requires "
        + names.map { "'\($0)'" }.joined(separator: ", ")
        + ", but no scope is open here: call it where the scope is, or give it its own '_ scope: ImplicitScope' "
        + "parameter (in a closure, reopen a captured bag first)",
      at: location, notes: notes)
  }

  // MARK: declared-implicits

  /// A function's own body requires more than its `@RequiresImplicits`.
  static func bodyExceedsDeclaration(of function: FunctionSymbol, _ extra: ExtraKeys) -> Diagnostic {
    .error(
      .declaredImplicits,
      "'\(function.displayName)' requires \(extra.names), which its '@RequiresImplicits' does not declare: callers provide "
        + "only what it declares; add \(extra.fix) to it, or provide \(extra.pronoun) in its body",
      at: function.location, notes: extra.notes)
  }

  /// A conformer's implementation requires more than the requirement declares.
  static func witnessExceedsDeclaration(
    _ witness: FunctionSymbol, implementing requirement: FunctionSymbol, of proto: TypeSymbol, _ extra: ExtraKeys
  ) -> Diagnostic {
    .error(
      .declaredImplicits,
      "'\(witness.displayName)' implements '\(requirement.displayName)' and requires \(extra.names), which the "
        + "requirement's '@RequiresImplicits' does not declare: calls through '\(proto.displayName)' provide only "
        + "what it declares; add \(extra.fix) to it, or provide \(extra.pronoun) in '\(witness.displayName)'",
      at: witness.location, notes: extra.notes)
  }

  /// An override requires more than the overridden member declares.
  static func overrideExceedsDeclaration(
    _ override: FunctionSymbol, overriding function: FunctionSymbol, _ extra: ExtraKeys
  ) -> Diagnostic {
    .error(
      .declaredImplicits,
      "'\(override.displayName)' overrides '\(function.displayName)' and requires \(extra.names), which its "
        + "'@RequiresImplicits' does not declare: calls of '\(function.displayName)' provide only what it "
        + "declares; add \(extra.fix) to it, or provide \(extra.pronoun) in the override",
      at: override.location, notes: extra.notes)
  }

  /// This module's implementation of an upstream requirement, or override
  /// of an upstream member, requires more than that declares.
  static func upstreamContractExceeded(
    by method: FunctionSymbol, of contract: UpstreamFunction, isProtocolRequirement: Bool, _ extra: ExtraKeys
  ) -> Diagnostic {
    .error(
      .declaredImplicits,
      "'\(method.displayName)' \(isProtocolRequirement ? "implements" : "overrides") '\(contract.decl.qualifiedSignature)' "
        + "of module '\(contract.module)' and requires \(extra.names), which its '@RequiresImplicits' does not "
        + "declare: calls through it provide only what it declares; provide \(extra.pronoun) in "
        + "'\(method.displayName)', or have \(extra.fix) added to the declaration in '\(contract.module)'",
      at: method.location, notes: extra.notes)
  }
}

/// The keys a body requires beyond a declaration, as messages say them:
/// `'Network', '\.apiBaseURL'`; `'.type(Network.self)', '.named(\.apiBaseURL)'`;
/// with the chain of each.
struct ExtraKeys {
  let names: String
  let fix: String
  /// `it` or `them`.
  let pronoun: String
  let notes: [Diagnostic.Note]

  /// `keys` (not empty, in the order said), with their witnesses.
  init(_ keys: [ImplicitKeyRef], witnesses: [ImplicitKeyRef: Witness], namer: KeyNamer) {
    names = keys.map { "'\(namer.name($0))'" }.joined(separator: ", ")
    fix = keys.map { Self.declarationSpelling($0, namer: namer) }.joined(separator: ", ")
    pronoun = keys.count == 1 ? "it" : "them"
    notes = keys.flatMap { ChainNotes.notes(for: $0, witness: witnesses[$0]!, namer: namer) }
  }

  /// How `@RequiresImplicits` lists a key: `.type(Logger.self)`, `.named(\.apiBaseURL)`.
  static func declarationSpelling(_ key: ImplicitKeyRef, namer: KeyNamer) -> String {
    key.kind == .named ? "'.named(\\.\(key.name))'" : "'.type(\(namer.name(key)).self)'"
  }
}
