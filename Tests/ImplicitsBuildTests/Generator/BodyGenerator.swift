/// Where a statement is generated: what it may call, provide and leave.
struct BodyContext {
  var module: GenModule
  /// The function whose body this is (callees have higher ids in its
  /// module); nil in the entry, which may call anything.
  var caller: Int?
  /// The block opened a local scope.
  var canProvide: Bool
  /// A `return` or `continue` may leave (not in a `defer`).
  var canExit: Bool
  var canThrow: Bool
  /// The class group whose method this overrides (`super` calls).
  var overriding: Int?
  var depth: Int
  /// App's named keys may be read and provided here.
  var namedKeys: Bool
}

/// The statements of generated bodies.
extension ProgramGenerator {
  func block(_ context: BodyContext, scope: Block.LocalScope, size: Int) -> Block {
    var inner = context
    inner.canProvide = scope != .none
    var nested: [Int] = []
    var statements: [Statement] = []
    for _ in 0..<size { statements += statement(inner, &nested) }
    return Block(scope, statements)
  }

  /// A nested block: one or two statements, sometimes a local scope.
  private func child(_ context: BodyContext, scope: Block.LocalScope? = nil, exit: Bool = true, throwing: Bool? = nil)
    -> Block
  {
    var inner = context
    inner.depth += 1
    inner.canExit = context.canExit && exit
    inner.canThrow = throwing ?? context.canThrow
    let opened = scope ?? (has(.nestedScopes) && chance(0.35) ? .nested : .none)
    return block(inner, scope: opened, size: int(1...2))
  }

  /// A closure's body: it may return, never throws, and overrides nothing.
  private func closureBody(_ context: BodyContext, scope: Block.LocalScope? = nil) -> Block {
    var inner = context
    inner.canExit = true
    inner.overriding = nil
    return child(inner, scope: scope, throwing: false)
  }

  private func spend(_ decisions: Int) -> Bool {
    guard decisionsLeft >= decisions else { return false }
    decisionsLeft -= decisions
    return true
  }

  private func callable(_ function: GenFunction, _ context: BodyContext) -> Bool {
    guard let caller = context.caller else { return function.module <= context.module }
    return function.module < context.module || (function.module == context.module && function.id > caller)
  }

  private func keys(_ context: BodyContext) -> [GenKey] { allKeys(namedKeys: context.namedKeys) }

  private enum Choice {
    case read, provide, call, nestedCall, ifElse, guardElse, earlyExit, switchMode, loop, doCatch, deferBlock
    case nestedScope, withScope, nestedFunction, closure, autoclosure, dispatch, superCall
  }

  private func statement(_ context: BodyContext, _ nested: inout [Int]) -> [Statement] {
    let plain = program.functions.filter { function in
      switch function.form {
      case .member, .protocolDefault: false
      default: callable(function, context)
      }
    }
    var choices: [(Int, Choice)] = [(3, .read)]
    if context.canProvide { choices.append((3, .provide)) }
    if !plain.isEmpty { choices.append((5, .call)) }
    if !nested.isEmpty { choices.append((2, .nestedCall)) }
    if context.depth < 3 {
      let features: [(Feature, Int, Choice)] = [
        (.ifElse, 2, .ifElse), (.switchMode, 1, .switchMode), (.loops, 1, .loop), (.errors, 1, .doCatch),
        (.defers, 1, .deferBlock), (.nestedScopes, 1, .nestedScope), (.withScope, 1, .withScope),
        (.nestedFunctions, 1, .nestedFunction), (.closures, 2, .closure), (.autoclosures, 1, .autoclosure),
      ]
      for (feature, weight, choice) in features where has(feature) { choices.append((weight, choice)) }
      if context.canExit {
        if has(.guardElse) { choices.append((1, .guardElse)) }
        if has(.earlyExit) { choices.append((1, .earlyExit)) }
      }
      if has(.internalProtocols) || has(.publicProtocols) || has(.internalClasses) || has(.openClasses) {
        choices.append((3, .dispatch))
      }
    }
    if let group = context.overriding, let base = program.group(group)?.types[0].implementation,
      let function = program.function(base), callable(function, context)
    {
      choices.append((2, .superCall))
    }
    let total = choices.reduce(0) { $0 + $1.0 }
    for _ in 0..<8 {
      var roll = random.next(below: total)
      guard let choice = choices.first(where: { roll -= $0.0; return roll < 0 })?.1 else { break }
      if let made = make(choice, context, plain, &nested) { return made }
    }
    return [.read(pick(keys(context)), readForm(), id: freshID())]
  }

  private func make(_ choice: Choice, _ context: BodyContext, _ plain: [GenFunction], _ nested: inout [Int])
    -> [Statement]?
  {
    switch choice {
    case .read: return [.read(pick(keys(context)), readForm(), id: freshID())]
    case .provide: return [provideStatement(pick(keys(context)))]
    case .call: return call(preferUncalled(plain), context)
    case .nestedCall: return [.nestedCall(pick(nested))]
    case .ifElse: return spend(1) ? [.ifElse(child(context), chance(0.5) ? child(context) : nil)] : nil
    case .guardElse: return spend(1) ? [.guardElse(child(context))] : nil
    case .earlyExit: return spend(1) ? [.earlyExit] : nil
    case .switchMode:
      guard spend(2) else { return nil }
      let cases = (0..<int(2...3)).map { _ in child(context) }
      return [.switchMode(cases, fallsThrough: chance(0.4))]
    case .loop:
      if chance(0.5) { return spend(1) ? [.forLoop(child(context), id: freshID())] : nil }
      return spend(2) ? [.whileLoop(child(context), id: freshID(), isRepeat: chance(0.5))] : nil
    case .doCatch:
      guard spend(1) else { return nil }
      var body = child(context, throwing: true)
      body.statements.insert(.mayThrow, at: random.next(below: body.statements.count + 1))
      return [.doCatch(body, child(context))]
    case .deferBlock: return [.deferBlock(child(context, exit: false, throwing: false))]
    case .nestedScope: return [.nestedScope(child(context, scope: .nested))]
    case .withScope: return [.withScopeNesting(closureBody(context, scope: .nested))]
    case .nestedFunction: return nestedFunction(context, &nested)
    case .closure: return closure(context)
    case .autoclosure: return autoclosure(context)
    case .dispatch: return dispatch(context)
    case .superCall: return [.superCall]
    }
  }

  private func readForm() -> ReadForm { has(.provideForms) ? pick([.annotated, .explicitKey, .emptyParentheses]) : .annotated }

  private func preferUncalled(_ functions: [GenFunction]) -> GenFunction {
    let fresh = functions.filter { !called.contains($0.id) }
    let function = !fresh.isEmpty && chance(0.7) ? pick(fresh) : pick(functions)
    called.insert(function.id)
    return function
  }

  private func call(_ function: GenFunction, _ context: BodyContext) -> [Statement] {
    var argument = CallSite.Argument.literal
    switch function.form {
    case let .overload(_, variant):
      argument = variant == .optionalInt ? pick([.declared, .nilLiteral]) : pick([.literal, .declared])
    case .defaulted, .variadic:
      argument = pick([.literal, .declared])
    default: break
    }
    return [.call(CallSite(function: function.id, argument: argument, id: freshID()))]
  }

  private func nestedFunction(_ context: BodyContext, _ nested: inout [Int]) -> [Statement]? {
    var inner = context
    inner.overriding = nil
    let function = NestedFunction(id: freshID(), ownScope: chance(0.4), body: closureBody(inner))
    nested.append(function.id)
    var statements: [Statement] = [.nestedFunction(function)]
    if context.canProvide && chance(0.4) { statements.append(provideStatement(pick(keys(context)))) }
    return statements + [.nestedCall(function.id)]
  }

  private func closure(_ context: BodyContext) -> [Statement]? {
    var kinds: [ClosureKind] = [.nonEscaping]
    if has(.typealiasClosures) { kinds += [.typealiasNonEscaping, .typealiasEscaping] }
    if has(.escapingClosures) { kinds.append(.escaping) }
    if has(.optionalClosures) { kinds.append(.optional) }
    if has(.twoClosures) { kinds.append(.twoClosures) }
    if has(.standardClosures) { kinds += [.forEach, .map, .filter] }
    if has(.immediateClosures) { kinds.append(.immediate) }
    if has(.byDesignShapes) { kinds.append(.escapingRunNow) }
    let kind = pick(kinds)
    if kind.isStandard && !spend(1) { return nil }
    let declaring = pick(program.modules.filter { $0 <= context.module })
    var site = ClosureSite(id: freshID(), kind: kind, declaringModule: declaring, body: Block(), second: nil, bag: nil)
    // Now and then, by design, a closure kept for later reads with the
    // scope around it instead of a bag: it stops when it runs, and the
    // analysis must reject it (`closure-scope`), however the parameter is
    // spelled.
    let usesScopeLater = has(.byDesignShapes) && chance(0.4)
    if usesScopeLater && (kind.escapes || kind == .twoClosures) { program.byDesign.insert("closure-scope") }
    if kind.escapes {
      site.body = usesScopeLater ? readsLater(context) : closureBody(context, scope: .bag(site.id))
      site.bag = usesScopeLater ? nil : bag(for: site.body, context)
    } else {
      site.body = closureBody(context)
      if kind == .twoClosures {
        let second = usesScopeLater ? readsLater(context) : closureBody(context, scope: .bag(site.id))
        site.second = second
        site.bag = usesScopeLater ? nil : bag(for: second, context)
      }
      if kind == .escapingRunNow {
        if site.body.statements.isEmpty { site.body.statements.append(.read(pick(keys(context)), .annotated, id: freshID())) }
        // A nested function called in it is told apart by its own rule.
        program.byDesign.formUnion(["closure-scope", "nested-function-scope"])
      }
    }
    return [.closure(site)]
  }

  /// Reads only: a closure that runs after the scope it uses ended.
  private func readsLater(_ context: BodyContext) -> Block {
    Block(.none, (0..<int(1...2)).map { _ in .read(pick(keys(context)), .annotated, id: freshID()) })
  }

  /// The keys a closure run later needs; now and then one too few (it
  /// stops when it runs) or one more.
  private func bag(for body: Block, _ context: BodyContext) -> [GenKey] {
    var keys = ReferenceSemantics(program, declared: true).block(body, [], .init()).keys
    // A key the run needs, so that the closure stops when it runs (one the
    // analysis only asks for would be a rejection by design).
    let needed = ReferenceSemantics(program).block(body, [], .init()).keys.intersection(keys).sorted()
    if !needed.isEmpty && chance(0.15) {
      keys.remove(needed[random.next(below: needed.count)])
    } else if chance(0.1) {
      keys.insert(pick(self.keys(context)))
    }
    return keys.sorted()
  }

  private func autoclosure(_ context: BodyContext) -> [Statement]? {
    let values = program.functions.filter { $0.returnsValue && !$0.throwing && callable($0, context) }
    guard !values.isEmpty else { return nil }
    let function = preferUncalled(values)
    let kind: AutoclosureSite.Kind = has(.byDesignShapes) && chance(0.3) ? .escapingRunNow : .nonEscaping
    if kind == .escapingRunNow { program.byDesign.insert("closure-scope") }
    let declaring = pick(program.modules.filter { $0 <= context.module })
    return [.autoclosure(AutoclosureSite(id: freshID(), kind: kind, declaringModule: declaring, function: function.id))]
  }

  private func dispatch(_ context: BodyContext) -> [Statement]? {
    let visible = program.dispatchGroups.filter { group in
      switch group.kind {
      case .internalProtocol, .internalClass:
        // The analysis takes every implementation of the module: each must
        // have its body already, for what this one needs to be known.
        group.module == context.module
          && group.types.indices.allSatisfy { index in
            group.implementation(of: index).flatMap(program.function).map { callable($0, context) } ?? false
          }
          && (group.defaultImplementation.flatMap(program.function).map { callable($0, context) } ?? true)
      case .publicProtocol, .openClass: group.module <= context.module
      }
    }
    guard !visible.isEmpty else { return nil }
    let group = pick(visible)
    let candidates = group.types.indices.filter { index in
      guard group.types[index].module <= context.module, let implementation = group.implementation(of: index),
        let function = program.function(implementation)
      else { return false }
      return callable(function, context)
    }
    guard !candidates.isEmpty else { return nil }
    var chosen = candidates.filter { _ in chance(0.6) }
    if chosen.isEmpty { chosen = [pick(candidates)] }
    while chosen.count > 1 && !spend(chosen.count - 1) { chosen.removeLast() }
    return [.dispatch(DispatchSite(id: freshID(), group: group.id, candidates: chosen))]
  }
}
