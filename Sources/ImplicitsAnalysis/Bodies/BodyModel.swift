import ImplicitsInterface

/// A piece of code analyzed on its own: a function, method, initializer,
/// accessor, closure or the top-level code of `main.swift`. Immutable, with
/// an identity (`id`): what it does (its events), its number and the units
/// that depend on it are the module's `UnitGraph`'s to tell, so a unit an
/// editor's next analysis takes again is the same, never changed. (A class
/// only so that a copy costs one reference: graphs, events and records
/// hold units by the thousand.)
final class Unit: Hashable {
  /// Tells apart the units of one session's analyses (`FunctionUnits`
  /// counts them), whatever analysis made them.
  struct ID: Hashable {
    let value: Int
  }

  enum Kind {
    case function(FunctionSymbol)
    case closure
    /// Code Swift runs later than where it is written (see
    /// `DeferredEvaluation`): how messages name it.
    case deferred(what: String)
    case topLevel
    case accessor
  }

  let id: ID
  let kind: Kind
  /// How notes name it: `buildCell(_:)`, `closure in load(_:)`.
  let displayName: String
  let file: ParsedFile
  /// Whether the unit receives a scope (a scope-taking function).
  let hasScopeParameter: Bool

  init(id: ID, kind: Kind, displayName: String, file: ParsedFile, hasScopeParameter: Bool) {
    self.id = id
    self.kind = kind
    self.displayName = displayName
    self.file = file
    self.hasScopeParameter = hasScopeParameter
  }

  static func == (lhs: Unit, rhs: Unit) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// What a call of a function with declared implicits needs: its
  /// declaration, not its body (a unit of its own, checked against it).
  /// Nil for any other unit.
  var declarationEvents: [Event]? {
    guard case .function(let symbol) = kind, let declared = symbol.declaredImplicits else { return nil }
    return declared.keys.map { .read($0, declared.location, what: .declaredImplicits(function: symbol.displayName)) }
  }
}

/// What a unit does, in order, as far as implicits are concerned.
indirect enum Event {
  /// `@Implicit var x: T`, a stored property read, the source of a `map`.
  case read(ImplicitKeyRef, SourceLocation, what: ReadSource)
  /// `@Implicit var x = v`, the target of a `map`.
  case provide(ImplicitKeyRef, SourceLocation)
  /// A provide whose key could not be told (already an error): counts as
  /// providing every key, so that one problem gives one error.
  case provideAnything
  /// A call that passes a scope.
  case call(CallEvent)
  /// A local scope and everything after it in its block.
  case scope(LocalScope)
  /// A bag is created here (`#implicits`, `Implicits(capturing:)`): the
  /// keys it holds must be available.
  case capture(Bag, SourceLocation)
}

struct CallEvent {
  enum Target {
    /// A function of this module (its body unit).
    case unit(Unit)
    /// Several declarations of one signature from `#if` branches the
    /// analyzer cannot decide: their requirements are combined.
    case units([Unit])
    /// A function of an upstream module.
    case upstream(UpstreamFunction)
  }

  var target: Target
  var location: SourceLocation
  /// `buildCell(_:)`, `Feed.init(_:)`.
  var calleeName: String
}

/// A local scope, made once its block is walked: what is provided in it
/// (its events) does not change after. Its identity tells the solver's
/// root scopes apart.
final class LocalScope {
  enum Kind {
    /// `ImplicitScope()`, `withScope { scope in }`: nothing comes from outside.
    case root
    /// `scope.nested()`: what is not provided inside comes from outside.
    case nested
    /// `ImplicitScope(with: bag)`, `withScope(with: bag)`: what is not
    /// provided inside comes from the bag, which captures exactly that.
    case bag(Bag)
    /// A scope reopening a bag that does not exist (already an error):
    /// provides everything, requires nothing.
    case unknown
  }

  let kind: Kind
  /// Where the scope is created (`let scope = …`, `withScope`).
  let location: SourceLocation
  /// The undecided `#if` clause it was opened in, if any: only provides in
  /// that same clause may use it.
  let region: Int?
  /// Everything after it in its block, made once the block is walked.
  let events: [Event]

  init(kind: Kind, location: SourceLocation, region: Int?, events: [Event]) {
    self.kind = kind
    self.location = location
    self.region = region
    self.events = events
  }

  /// The same scope with other events (a pass over the unit graph adds
  /// calls): a new scope, the old one unchanged.
  func with(events: [Event]) -> LocalScope {
    LocalScope(kind: kind, location: location, region: region, events: events)
  }
}

/// A captured set of implicits.
final class Bag {
  enum Kind {
    /// `#implicits`: its keys are what the code that reopens it reads.
    case macro(fileName: String, line: Int, column: Int)
    /// `Implicits(capturing: …)`: its keys are the ones listed.
    case explicit([ImplicitKeyRef])
  }

  let kind: Kind
  let location: SourceLocation
  /// The identifier it is reopened by.
  let name: String
  /// The keys `Implicits(capturing:)` lists, each witnessed by the list.
  let listedKeys: [ImplicitKeyRef: Witness]

  init(kind: Kind, location: SourceLocation, name: String) {
    self.kind = kind
    self.location = location
    self.name = name
    var listed: [ImplicitKeyRef: Witness] = [:]
    if case .explicit(let keys) = kind {
      for key in keys { listed[key] = .listed(location) }
    }
    listedKeys = listed
  }

  var isExplicit: Bool {
    if case .explicit = kind { return true }
    return false
  }

  /// The generated function's name for a `#implicits` bag.
  var functionName: String? {
    guard case .macro(let fileName, let line, let column) = kind else { return nil }
    return BagFunctionName.make(fileName: fileName, line: line, column: column)
  }
}

/// Why a key is required: one chain down to the read that needs it.
indirect enum Witness {
  /// Read here by `unit`.
  case read(SourceLocation, unit: String, what: ReadSource)
  /// Required by the callee, called here.
  case call(SourceLocation, callee: String, next: Witness)
  /// Required by a function of an upstream module, called here.
  case upstreamCall(SourceLocation, callee: String, module: String, function: String)
  /// A bag captured here needs it, because code that reopens it does.
  case capture(SourceLocation, next: Witness)
  /// Listed in `Implicits(capturing:)`.
  case listed(SourceLocation)
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
