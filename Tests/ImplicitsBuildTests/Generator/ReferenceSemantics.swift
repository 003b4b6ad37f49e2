/// What a generated program needs, computed from its tree by the rules of
/// the runtime: the keys a function may read that it did not provide
/// itself, over every path (each decision is independent of the others),
/// and whether a closure run later may read a key its bag does not hold.
///
/// With `declared`, it computes instead what the analysis must require by
/// the user guide's rules, which ask more than a run needs in two places: a
/// call through a protocol or class requires what every implementation in
/// the module requires (not only the types the call may meet), and a call
/// of a function with `@RequiresImplicits` requires exactly what it
/// declares. The generator steers by it (what a bag captures, what the
/// entry provides), so that a rejection is never one of those by design;
/// the run is the only truth that decides a verdict.
final class ReferenceSemantics {
  struct Needs: Equatable {
    var keys: Set<GenKey> = []
    /// A closure run after the entry returned may read a key it lacks.
    var lateStop = false

    mutating func add(_ other: Needs, minus provided: Set<GenKey> = []) {
      keys.formUnion(other.keys.subtracting(provided))
      lateStop = lateStop || other.lateStop
    }
  }

  struct Context {
    /// Early exits are `continue` (in a loop body), not `return`.
    var exitContinues = false
    var canThrow = false
    var overriding: Int?
  }

  let program: GeneratedProgram
  let declared: Bool
  private var functions: [Int: GenFunction] = [:]
  private var memo: [Int: Needs] = [:]

  init(_ program: GeneratedProgram, declared: Bool = false) {
    self.program = program
    self.declared = declared
    for function in program.functions { functions[function.id] = function }
  }

  /// Whether some path of the program stops for want of a value.
  var predictsStop: Bool {
    let needs = block(program.entry, [], Context())
    return !needs.keys.isEmpty || needs.lateStop
  }

  /// The keys `function` may read that its callers must provide.
  func needs(ofFunction id: Int) -> Needs {
    if !solved { solve() }
    return memo[id] ?? Needs()
  }

  private var solved = false

  /// Every function's needs, to a fixed point: calls through a protocol or
  /// a class may form cycles (a method that calls through its own group).
  private func solve() {
    solved = true
    var changed = true
    while changed {
      changed = false
      for function in program.functions {
        var overriding: Int?
        if case let .member(group, type) = function.form, type > 0, program.group(group)?.isProtocol == false {
          overriding = group
        }
        let result = block(function.body, [], Context(canThrow: function.throwing, overriding: overriding))
        if result != memo[function.id] ?? Needs() {
          memo[function.id] = result
          changed = true
        }
      }
    }
  }

  /// What `block` needs when `inherited` is provided around it.
  func block(_ block: Block, _ inherited: Set<GenKey>, _ context: Context) -> Needs {
    var provided = block.scope == .root ? [] : inherited
    var result = Needs()
    var nested: [Int: NestedFunction] = [:]
    // Each defer runs at the first exit after it, with what was provided
    // before that exit, or at the end of the block.
    var defers: [(body: Block, provided: Set<GenKey>?)] = []
    for statement in block.statements {
      if case let .deferBlock(body) = statement {
        defers.append((body, nil))
        continue
      }
      result.add(self.statement(statement, provided, context, nested))
      if exits(statement, context) {
        for index in defers.indices where defers[index].provided == nil { defers[index].provided = provided }
      }
      switch statement {
      case let .provide(key, _, _): provided.insert(key)
      case let .nestedFunction(function): nested[function.id] = function
      default: break
      }
    }
    for (body, at) in defers {
      result.add(self.block(body, at ?? provided, Context(overriding: context.overriding)))
    }
    return result
  }

  private func statement(
    _ statement: Statement, _ provided: Set<GenKey>, _ context: Context, _ nested: [Int: NestedFunction]
  ) -> Needs {
    var result = Needs()
    func all(_ blocks: [Block], _ inner: Context) {
      for child in blocks { result.add(block(child, provided, inner)) }
    }
    let closureContext = Context()
    switch statement {
    case let .read(key, _, _):
      if !provided.contains(key) { result.keys.insert(key) }
    case .provide, .earlyExit, .mayThrow, .deferBlock, .nestedFunction:
      break
    case let .call(site):
      result.add(calling(site.function), minus: provided)
    case let .autoclosure(site):
      result.add(calling(site.function), minus: provided)
    case let .nestedCall(id):
      if let function = nested[id] { result.add(block(function.body, provided, closureContext)) }
    case let .ifElse(then, otherwise):
      all([then] + (otherwise.map { [$0] } ?? []), context)
    case let .guardElse(body), let .nestedScope(body):
      all([body], context)
    case let .switchMode(cases, _):
      all(cases, context)
    case let .forLoop(body, _), let .whileLoop(body, _, _):
      all([body], Context(exitContinues: true, canThrow: context.canThrow, overriding: context.overriding))
    case let .doCatch(body, handler):
      all([body], Context(exitContinues: context.exitContinues, canThrow: true, overriding: context.overriding))
      all([handler], context)
    case let .withScopeNesting(body):
      all([body], closureContext)
    case let .closure(site):
      if site.kind.escapes {
        result.add(later(site.body, bag: site.bag, provided: provided))
      } else if site.kind == .twoClosures {
        all([site.body], closureContext)
        if let second = site.second { result.add(later(second, bag: site.bag, provided: provided)) }
      } else {
        all([site.body], closureContext)
      }
    case let .dispatch(site):
      guard let group = program.group(site.group) else { break }
      // The analysis takes every implementation of the module, or the
      // contract; the run meets only the candidates.
      let types = declared ? Array(group.types.indices) : site.candidates
      var called = Needs()
      for candidate in types {
        if let implementation = group.implementation(of: candidate) { called.add(needs(ofFunction: implementation)) }
      }
      if declared, let implementation = group.defaultImplementation { called.add(needs(ofFunction: implementation)) }
      if declared, let contract = group.contract { called.keys = Set(contract) }
      result.add(called, minus: provided)
    case .superCall:
      if let id = context.overriding, let base = program.group(id)?.types[0].implementation {
        result.add(needs(ofFunction: base), minus: provided)
      }
    }
    return result
  }

  /// What a call of function `id` needs: by `@RequiresImplicits` when
  /// `declared` (with what a closure it keeps for later lacks).
  private func calling(_ id: Int) -> Needs {
    var result = needs(ofFunction: id)
    if declared, let contract = functions[id]?.contract { result.keys = Set(contract) }
    return result
  }

  /// A closure kept for later: capturing its bag reads the bag's keys now;
  /// its body runs with the bag's keys only.
  private func later(_ body: Block, bag: [GenKey]?, provided: Set<GenKey>) -> Needs {
    let keys = Set(bag ?? [])
    var result = Needs(keys: keys.subtracting(provided))
    let inside = block(body, keys, Context())
    result.lateStop = !inside.keys.isEmpty || inside.lateStop
    return result
  }

  /// Whether `statement` may leave the block it is in before the block's
  /// end: a `return` or `continue`, or a throw that is not caught inside.
  func exits(_ statement: Statement, _ context: Context) -> Bool {
    returnsOut(statement) || throwsOut(statement, canThrow: context.canThrow)
  }

  /// Whether a `return` or `continue` may leave `statement` (a loop keeps
  /// its own `continue`s; closures, defers and nested functions their
  /// `return`s).
  private func returnsOut(_ statement: Statement) -> Bool {
    switch statement {
    case .earlyExit, .guardElse: true
    case .forLoop, .whileLoop, .closure, .withScopeNesting, .deferBlock, .nestedFunction: false
    default: ProgramWalk.children(statement).contains { $0.statements.contains(where: returnsOut) }
    }
  }

  /// Whether a throw may leave `statement`, where the code around it may
  /// throw (`canThrow`).
  private func throwsOut(_ statement: Statement, canThrow: Bool) -> Bool {
    guard canThrow else { return false }
    switch statement {
    case .mayThrow: return true
    case let .call(site): return functions[site.function]?.throwing == true
    case let .doCatch(_, handler): return handler.statements.contains { throwsOut($0, canThrow: true) }
    case .closure, .withScopeNesting, .deferBlock, .nestedFunction: return false
    default:
      return ProgramWalk.children(statement).contains { $0.statements.contains { throwsOut($0, canThrow: true) } }
    }
  }
}
