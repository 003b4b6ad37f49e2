/// A program of the generator, as a tree that can be written as Swift
/// (`ProgramRenderer`), predicted (`ReferenceSemantics`) and made smaller
/// (`ProgramReducer`). Every name is written with the program's prefix, so
/// that many programs share one module when they are compiled together.
struct GeneratedProgram: Sendable {
  /// The seed it was drawn from.
  var seed: UInt64
  /// The modules, in build order: Core, optionally Feature, then App.
  var modules: [GenModule]
  /// Classes declared in Core, each a key (`Logger` → `P3_Logger`).
  var keyTypes: [String]
  /// A subclass key (`FileLogger: Logger`), declared in Core.
  var subclassKey: SubclassKey?
  /// Named keys of type `Int`, declared (and only used) in App.
  var namedKeys: [String]
  var functions: [GenFunction]
  var dispatchGroups: [GenGroup]
  /// The body of `main()` in App, which opens the root scope.
  var entry: Block
  /// The entry opens its root scope with `withScope { scope in … }`.
  var entryUsesWithScope: Bool
  /// Rules the program breaks on purpose (shapes the user guide rejects by
  /// design), each with the feature that brings it.
  var byDesign: Set<String>

  struct SubclassKey: Sendable, Hashable {
    var name: String
    var base: String
  }

  func function(_ id: Int) -> GenFunction? { functions.first { $0.id == id } }

  func group(_ id: Int) -> GenGroup? { dispatchGroups.first { $0.id == id } }
}

/// A module of a generated program.
enum GenModule: Int, Sendable, Comparable, CaseIterable {
  case core = 0
  case feature = 1
  case app = 2

  var name: String {
    switch self {
    case .core: "Core"
    case .feature: "Feature"
    case .app: "App"
    }
  }

  static func < (lhs: GenModule, rhs: GenModule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A key: a class of Core, or a named key of App (`Key<Int>`).
enum GenKey: Hashable, Comparable, Sendable {
  case type(String)
  case named(String)
}

/// How a provide is written; the key follows from it.
enum ProvideForm: Sendable, Hashable {
  /// `@Implicit var v = P_Logger(1)`
  case construct
  /// `@Implicit var v: P_Logger = .init(1)`
  case annotated
  /// `@Implicit(P_Logger.self) var v = P_Logger(1)`
  case explicitKey
  /// `@Implicit var v: P_Logger = P_FileLogger(1)`: the key is the annotation.
  case subclassAsBase
  /// `@Implicit(\.p_flag) var v = 1`
  case named
}

/// How a read is written.
enum ReadForm: Sendable, Hashable {
  /// `@Implicit var v: P_Logger`
  case annotated
  /// `@Implicit(P_Logger.self) var v`
  case explicitKey
  /// `@Implicit() var v: P_Logger`
  case emptyParentheses
}

/// A block of statements, and the local scope it opens first.
struct Block: Sendable {
  enum LocalScope: Sendable, Hashable {
    case none
    /// `let scope = scope.nested(); defer { scope.end() }`
    case nested
    /// `let scope = ImplicitScope(); defer { scope.end() }`
    case root
    /// `let scope = ImplicitScope(with: bag<id>); defer { scope.end() }`
    case bag(Int)
  }

  var scope: LocalScope
  var statements: [Statement]

  init(_ scope: LocalScope = .none, _ statements: [Statement] = []) {
    self.scope = scope
    self.statements = statements
  }

  var opensScope: Bool { scope != .none }
}

/// A statement of a generated body. Branches take their condition from the
/// path selector (`P_decide()`), so that every path can be run.
indirect enum Statement: Sendable {
  case read(GenKey, ReadForm, id: Int)
  case provide(GenKey, ProvideForm, id: Int)
  case call(CallSite)
  /// `if P_decide() { … } else { … }`
  case ifElse(Block, Block?)
  /// `guard P_decide() else { …; return }`
  case guardElse(Block)
  /// `if P_decide() { return }`
  case earlyExit
  /// `switch P_mode() { case .a: … case .b: … default: … }`, optionally
  /// with `fallthrough` from the first case into the second.
  case switchMode([Block], fallsThrough: Bool)
  /// `for item in P_items() { … }` (none or two items)
  case forLoop(Block, id: Int)
  /// `while n < 2 && P_decide() { … }` or its `repeat` form.
  case whileLoop(Block, id: Int, isRepeat: Bool)
  case doCatch(Block, Block)
  /// `try P_mayThrow()`
  case mayThrow
  case deferBlock(Block)
  /// `do { let scope = scope.nested() … }`
  case nestedScope(Block)
  /// `withScope(nesting: scope) { scope in … }`
  case withScopeNesting(Block)
  case closure(ClosureSite)
  case autoclosure(AutoclosureSite)
  /// A nested function, declared here and called by `nestedCall`s later in
  /// the same block.
  case nestedFunction(NestedFunction)
  case nestedCall(Int)
  case dispatch(DispatchSite)
  /// `super.run(x, scope)` in an override.
  case superCall
}

/// A call that passes the scope.
struct CallSite: Sendable {
  enum Argument: Sendable, Hashable {
    /// `1`, `"a"`, `1.5`
    case literal
    /// A local of the parameter's type, declared just before the call.
    case declared
    /// `nil`, for an `Int?` parameter.
    case nilLiteral
  }

  var function: Int
  var argument: Argument
  var id: Int
}

/// A function of the program whose body is generated.
struct GenFunction: Sendable {
  var id: Int
  var module: GenModule
  var form: FunctionForm
  var body: Block
  var throwing: Bool
  /// Returns `Int` (the argument), so that an autoclosure can take a call.
  var returnsValue: Bool
  /// `@RequiresImplicits(…)` on a function that is not a dispatch member.
  var contract: [GenKey]?
}

/// How a function is declared, which decides how it is called.
enum FunctionForm: Sendable, Hashable {
  /// `func P_f3(_ x: Int, _ scope: ImplicitScope)`
  case free
  /// `enum P_Tools3 { static func f3(…) }`
  case staticMethod
  /// `struct P_Service3 { func f3(…) }`
  case instanceMethod
  /// `struct P_Widget3 { init(_ x: Int, _ scope: ImplicitScope) }`
  case initializer
  /// `extension Int { func p_f3(_ scope: ImplicitScope) }`
  case intExtension
  /// `func P_f3(_ x: Int, verbose: Bool = false, _ scope: ImplicitScope)`
  case defaulted
  /// `func P_f3(_ scope: ImplicitScope, _ parts: Int...)`
  case variadic
  /// A member of overload group `group`: `P_log<group>` with the variant's
  /// parameter.
  case overload(group: Int, variant: OverloadVariant)
  /// The method `run<group>` of `group`'s type `type` (an index in its
  /// `types`).
  case member(group: Int, type: Int)
  /// The protocol extension's default of `group`'s requirement.
  case protocolDefault(group: Int)
}

enum OverloadVariant: Sendable, Hashable, CaseIterable {
  case int, string, double, optionalInt, labelCount, labelName
}

/// A closure passed to a function that takes one.
struct ClosureSite: Sendable {
  var id: Int
  var kind: ClosureKind
  /// Where the function that takes the closure is declared.
  var declaringModule: GenModule
  var body: Block
  /// The second closure, for `.twoClosures` (escaping).
  var second: Block?
  /// The keys captured for an escaping closure: `Implicits(capturing: …)`
  /// before the call, reopened in the closure.
  var bag: [GenKey]?
}

enum ClosureKind: Sendable, Hashable, CaseIterable {
  /// `(Int) -> Void`
  case nonEscaping
  /// `P_Body`, a typealias of `(Int) -> Void`
  case typealiasNonEscaping
  /// `@escaping (Int) -> Void`, run after the program's root scope ended.
  case escaping
  /// `@escaping P_Body`, run later.
  case typealiasEscaping
  /// `((Int) -> Void)?`, run later.
  case optional
  /// `(_ first: (Int) -> Void, then second: @escaping (Int) -> Void)`,
  /// called with two trailing closures.
  case twoClosures
  /// `@escaping (Int) -> Void` run during the call: the closure uses the
  /// scope around it, rejected by design (`closure-scope`).
  case escapingRunNow
  /// `items.forEach { … }` on a declared `[Int]`.
  case forEach
  /// `_ = items.map { item -> Int in … }`
  case map
  /// `_ = items.filter { item in … }`
  case filter
  /// `{ … }()`
  case immediate

  var escapes: Bool { [.escaping, .typealiasEscaping, .optional].contains(self) }

  var isStandard: Bool { [.forEach, .map, .filter].contains(self) }

  /// Declared by the program (not the standard library, not a literal call).
  var needsDeclaration: Bool { !isStandard && self != .immediate }
}

/// A call of a value-returning function as an autoclosure argument.
struct AutoclosureSite: Sendable {
  enum Kind: Sendable, Hashable {
    /// `@autoclosure () -> Int`, evaluated during the call.
    case nonEscaping
    /// `@escaping @autoclosure () -> Int` evaluated during the call: by
    /// design, `closure-scope`.
    case escapingRunNow
  }

  var id: Int
  var kind: Kind
  var declaringModule: GenModule
  var function: Int
}

/// A function declared in a body.
struct NestedFunction: Sendable {
  var id: Int
  /// It takes `_ scope: ImplicitScope` instead of using the enclosing one.
  var ownScope: Bool
  var body: Block
}

/// A call of a protocol requirement or a class method, through a value
/// whose dynamic type a decision picks among `candidates`.
struct DispatchSite: Sendable {
  var id: Int
  var group: Int
  /// Indices into the group's `types`.
  var candidates: [Int]
}

/// A protocol and its conformers, or a class and its subclasses, with the
/// method `run<id>(_ x: Int, _ scope: ImplicitScope)`.
struct GenGroup: Sendable {
  enum Kind: Sendable, Hashable {
    /// An internal protocol, conformers in its module.
    case internalProtocol
    /// A public protocol of Core with `@RequiresImplicits`, conformers in
    /// any module.
    case publicProtocol
    /// An internal class and its subclasses, in one module.
    case internalClass
    /// An open class of Core with `@RequiresImplicits`, subclasses in any
    /// module.
    case openClass
  }

  struct Member: Sendable {
    var name: String
    var module: GenModule
    /// The function that implements `run`, or nil: the type takes the
    /// protocol's default, or inherits the base class's.
    var implementation: Int?
  }

  var id: Int
  var kind: Kind
  var module: GenModule
  /// Keys declared by `@RequiresImplicits`.
  var contract: [GenKey]?
  /// For a class, `types[0]` is the base class.
  var types: [Member]
  /// The protocol extension's default of `run`, if any.
  var defaultImplementation: Int?

  var isProtocol: Bool { kind == .internalProtocol || kind == .publicProtocol }

  /// The function that runs for a value of `types[index]`.
  func implementation(of index: Int) -> Int? {
    if let own = types[index].implementation { return own }
    return isProtocol ? defaultImplementation : types[0].implementation
  }
}
