import ImplicitsInterface

/// Where a module's code declares scope-taking functions, calls them and
/// opens scopes, with the keys each requires or provides: what an editor
/// shows on hover, and where it offers to add a provide.
public struct CodeIndex: Sendable {
  /// A key as the index names it.
  public struct Key: Hashable, Sendable {
    /// As diagnostics name it: `DiscountCard`, `\.apiBaseURL`.
    public var name: String
    /// The module that declares it; nil for a type of no module (a tuple,
    /// a function type).
    public var module: String?
    /// A named key (`\.apiBaseURL`) rather than a type key.
    public var isNamed: Bool
  }

  public struct Entry: Sendable {
    public enum Kind: Sendable, Equatable {
      /// A scope-taking function's name where it is declared.
      case declaration
      /// A call that passes a scope; the location is where the call starts.
      case call
      /// `let scope = ImplicitScope()`, `withScope { … }`.
      case rootScope
      /// `let scope = scope.nested()`.
      case nestedScope
      /// A scope that reopens a bag.
      case bagScope
    }

    public var kind: Kind
    public var location: SourceLocation
    /// The function (`pay(_:_:)`, `Feed.init(_:)`); for a scope, `scope`.
    public var name: String
    /// What the function requires (declaration, call), or what the scope's
    /// code provides.
    public var keys: [Key]
    /// For a root scope: what reaches it without being provided (its
    /// unresolved requirements).
    public var missing: [Key] = []
  }

  public var entries: [Entry] = []

  public init() {}

  /// The entries of `file`'s line `line`, by column.
  public func entries(inFile file: String, line: Int) -> [Entry] {
    entries.filter { $0.location.file == file && $0.location.line == line }.sorted { $0.location.column < $1.location.column }
  }
}

/// Makes a module's `CodeIndex` from its units and what they were solved to
/// require.
final class CodeIndexBuilder {
  let namer: KeyNamer
  let table: KeyTable
  /// Each key as the index names it, made once (a module's keys recur in
  /// every call and scope).
  private var described: [ImplicitKeyRef: CodeIndex.Key] = [:]

  init(namer: KeyNamer, table: KeyTable) {
    self.namer = namer
    self.table = table
  }

  func index(_ bodies: ModuleBodies, _ solved: SolvedRequirements) -> CodeIndex {
    var index = CodeIndex()
    let missing = Dictionary(
      solved.unresolvedScopes.map { (ObjectIdentifier($0.scope), Array($0.keys.keys)) }, uniquingKeysWith: { a, _ in a })
    func visit(_ events: [Event]) {
      for event in events {
        switch event {
        case .call(let call):
          index.entries.append(
            CodeIndex.Entry(kind: .call, location: call.location, name: call.calleeName, keys: keys(requiredBy: call.target, solved)))
        case .scope(let scope):
          let kind: CodeIndex.Entry.Kind
          switch scope.kind {
          case .root: kind = .rootScope
          case .nested: kind = .nestedScope
          case .bag, .unknown: kind = .bagScope
          }
          index.entries.append(
            CodeIndex.Entry(
              kind: kind, location: scope.location, name: "scope", keys: describe(provided(by: scope.events)),
              missing: describe(missing[ObjectIdentifier(scope)] ?? [])))
          visit(scope.events)
        case .read, .provide, .provideAnything, .capture: break
        }
      }
    }
    for unit in bodies.graph.units {
      if case .function(let function) = unit.kind, unit.hasScopeParameter {
        index.entries.append(
          CodeIndex.Entry(
            kind: .declaration, location: function.location, name: function.displayName,
            keys: describe(Array(solved.requirements(of: unit).keys))))
      }
      visit(bodies.graph.events(of: unit))
    }
    return index
  }

  private func keys(requiredBy target: CallEvent.Target, _ solved: SolvedRequirements) -> [CodeIndex.Key] {
    switch target {
    case .unit(let unit): describe(Array(solved.requirements(of: unit).keys))
    case .units(let units): describe(Array(Set(units.flatMap { solved.requirements(of: $0).keys })))
    case .upstream(let function): describe(function.requirements.lazy.map { self.table[$0] })
    }
  }

  /// The keys the events of a scope's own block provide.
  private func provided(by events: [Event]) -> [ImplicitKeyRef] {
    events.compactMap { event in
      if case .provide(let key, _) = event { return key }
      return nil
    }
  }

  private func describe(_ keys: some Sequence<ImplicitKeyRef>) -> [CodeIndex.Key] {
    Set(keys).map { key in
      if let known = described[key] { return known }
      let made = CodeIndex.Key(
        name: namer.name(key), module: DeclarationIdentity(text: key.spelling)?.module, isNamed: key.kind == .named)
      described[key] = made
      return made
    }.sorted { $0.name < $1.name }
  }
}
