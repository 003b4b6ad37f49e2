/// Rewrites that take one shape out of a generated program and keep every
/// run as it was (the same reads, on the same paths, in the same order),
/// for `KnownFinding`.
enum Knockouts {
  static func has(_ program: GeneratedProgram, _ matches: (Statement) -> Bool) -> Bool {
    var found = false
    ProgramWalk.forEachStatement(in: program) { if matches($0) { found = true } }
    return found
  }

  static func freshID(_ program: GeneratedProgram) -> Int {
    var id = program.functions.map(\.id).max() ?? 0
    ProgramWalk.forEachStatement(in: program) { statement in
      switch statement {
      case let .read(_, _, other), let .provide(_, _, other), let .forLoop(_, other), let .whileLoop(_, other, _):
        id = max(id, other)
      case let .call(site): id = max(id, site.id)
      case let .closure(site): id = max(id, site.id)
      case let .autoclosure(site): id = max(id, site.id)
      case let .nestedFunction(function): id = max(id, function.id)
      case let .dispatch(site): id = max(id, site.id)
      default: break
      }
    }
    return id + 1
  }

  // MARK: Closures

  static func usesTypealiasClosures(_ program: GeneratedProgram) -> Bool {
    has(program) { if case let .closure(site) = $0 { [.typealiasNonEscaping, .typealiasEscaping].contains(site.kind) } else { false } }
  }

  /// `P_Body` parameters written `(Int) -> Void`.
  static func plainClosureTypes(_ program: GeneratedProgram) -> GeneratedProgram {
    ProgramWalk.rewrite(program) { statement in
      guard case var .closure(site) = statement else { return [statement] }
      if site.kind == .typealiasNonEscaping { site.kind = .nonEscaping }
      if site.kind == .typealiasEscaping { site.kind = .escaping }
      return [.closure(site)]
    }
  }

  static func usesTwoTrailingClosures(_ program: GeneratedProgram) -> Bool {
    has(program) { if case let .closure(site) = $0 { site.kind == .twoClosures } else { false } }
  }

  /// A call with two trailing closures made two calls with one each: the
  /// first run at once, the second kept for later, as before.
  static func splitTrailingClosures(_ program: GeneratedProgram) -> GeneratedProgram {
    var next = freshID(program)
    return ProgramWalk.rewrite(program) { statement in
      guard case let .closure(site) = statement, site.kind == .twoClosures else { return [statement] }
      next += 1
      let first = ClosureSite(
        id: next, kind: .nonEscaping, declaringModule: site.declaringModule, body: site.body, second: nil, bag: nil)
      let second = ClosureSite(
        id: site.id, kind: .escaping, declaringModule: site.declaringModule, body: site.second ?? Block(.bag(site.id)),
        second: nil, bag: site.bag)
      return [.closure(first), .closure(second)]
    }
  }

  // MARK: Functions

  static func usesVariadic(_ program: GeneratedProgram) -> Bool { program.functions.contains { $0.form == .variadic } }

  static func usesDefaulted(_ program: GeneratedProgram) -> Bool { program.functions.contains { $0.form == .defaulted } }

  /// A function of the given form made a plain function.
  static func plainFunctions(_ form: FunctionForm) -> @Sendable (GeneratedProgram) -> GeneratedProgram {
    { program in
      var program = program
      for index in program.functions.indices where program.functions[index].form == form {
        program.functions[index].form = .free
      }
      return program
    }
  }

  static func overloadVariants(_ program: GeneratedProgram) -> [Int: [(function: Int, module: GenModule, variant: OverloadVariant)]] {
    var groups: [Int: [(Int, GenModule, OverloadVariant)]] = [:]
    for function in program.functions {
      if case let .overload(group, variant) = function.form { groups[group, default: []].append((function.id, function.module, variant)) }
    }
    return groups
  }

  static func overloadsIntAndOptional(_ program: GeneratedProgram) -> Bool {
    overloadVariants(program).values.contains { members in
      members.contains { $0.variant == .optionalInt } && members.contains { $0.variant == .int }
    }
  }

  static func overloadsOptionalAndOther(_ program: GeneratedProgram) -> Bool {
    overloadVariants(program).values.contains { members in
      members.contains { $0.variant == .optionalInt } && !members.contains { $0.variant == .int }
        && members.contains { $0.variant == .string || $0.variant == .double }
    }
  }

  /// The `Int?` overload given a label of its own; its calls pass `1`.
  static func labelOptionalOverloads(_ program: GeneratedProgram) -> GeneratedProgram {
    var program = program
    var changed: Set<Int> = []
    for members in overloadVariants(program).values {
      guard let optional = members.first(where: { $0.variant == .optionalInt }) else { continue }
      let free = [OverloadVariant.labelName, .labelCount, .string, .double].first { variant in
        !members.contains { $0.variant == variant }
      }
      guard let free, let index = program.functions.firstIndex(where: { $0.id == optional.function }),
        case let .overload(group, _) = program.functions[index].form
      else { continue }
      program.functions[index].form = .overload(group: group, variant: free)
      changed.insert(optional.function)
    }
    return ProgramWalk.rewrite(program) { statement in
      guard case var .call(site) = statement, changed.contains(site.function) else { return [statement] }
      site.argument = .literal
      return [.call(site)]
    }
  }

  static let unlabeled: Set<OverloadVariant> = [.int, .string, .double, .optionalInt]

  /// Overloads told apart by their argument's type only, one of them
  /// declared in a module upstream of another's or of a caller's.
  static func overloadsByTypeUpstream(_ program: GeneratedProgram) -> Bool {
    overloadVariants(program).values.contains { members in
      let typed = members.filter { unlabeled.contains($0.variant) }
      return typed.count > 1 && typed.contains { $0.module != .app }
    }
  }

  /// Each overload told apart by type only gets a base name of its own.
  static func overloadsRenamed(_ program: GeneratedProgram) -> GeneratedProgram {
    var program = program
    for index in program.functions.indices {
      if case let .overload(group, variant) = program.functions[index].form, unlabeled.contains(variant) {
        let number = OverloadVariant.allCases.firstIndex(of: variant) ?? 0
        program.functions[index].form = .overload(group: group * 10 + number, variant: variant)
      }
    }
    return program
  }

  // MARK: Defer

  /// A `defer` before a provide of its block.
  static func deferBeforeProvide(_ program: GeneratedProgram) -> Bool {
    var found = false
    func look(_ block: Block) {
      var deferred = false
      for statement in block.statements {
        if case .deferBlock = statement { deferred = true }
        if case .provide = statement, deferred { found = true }
        ProgramWalk.children(statement).forEach(look)
      }
    }
    program.functions.forEach { look($0.body) }
    look(program.entry)
    return found
  }

  /// Whether `statement` may leave its block early, in any context.
  static func mayExit(_ statement: Statement, _ program: GeneratedProgram) -> Bool {
    var exits = false
    func look(_ statement: Statement) {
      switch statement {
      case .earlyExit, .guardElse, .mayThrow: exits = true
      case let .call(site): exits = exits || program.function(site.function)?.throwing == true
      default: ProgramWalk.children(statement).forEach { $0.statements.forEach(look) }
      }
    }
    look(statement)
    return exits
  }

  /// Each `defer` that nothing after it in its block may skip moved to the
  /// end of the block, where it runs the same.
  static func defersLast(_ program: GeneratedProgram) -> GeneratedProgram {
    func move(_ block: Block) -> Block {
      var result = Block(block.scope)
      var moved: [Statement] = []
      for (index, statement) in block.statements.enumerated() {
        let rebuilt = ProgramWalk.replacingChildren(statement, ProgramWalk.children(statement).map(move))
        if case .deferBlock = rebuilt, !block.statements[(index + 1)...].contains(where: { mayExit($0, program) }) {
          moved.append(rebuilt)
        } else {
          result.statements.append(rebuilt)
        }
      }
      result.statements += moved
      return result
    }
    var program = program
    for index in program.functions.indices { program.functions[index].body = move(program.functions[index].body) }
    program.entry = move(program.entry)
    return program
  }

  // MARK: Protocols

  static func publicDefault(_ program: GeneratedProgram, downstream: Bool) -> Bool {
    program.dispatchGroups.contains { group in
      guard group.kind == .publicProtocol, let id = group.defaultImplementation, let function = program.function(id) else {
        return false
      }
      return (function.module != group.module) == downstream
    }
  }

  /// Each type that took a public protocol's default gets a copy of it as
  /// its own method, and the default goes.
  static func inlineDefaults(_ program: GeneratedProgram) -> GeneratedProgram {
    var program = program
    var next = freshID(program)
    for position in program.dispatchGroups.indices {
      let group = program.dispatchGroups[position]
      guard group.kind == .publicProtocol, let id = group.defaultImplementation, let original = program.function(id) else {
        continue
      }
      for index in group.types.indices where group.types[index].implementation == nil {
        // The copy must name only what the type's module sees.
        let module = group.types[index].module
        guard !has(original.body, program, { other in other.kind == .internalProtocol || other.kind == .internalClass ? other.module != module : false }) else {
          continue
        }
        next += 1
        var copy = original
        copy.id = next
        copy.module = group.types[index].module
        copy.form = .member(group: group.id, type: index)
        program.functions.append(copy)
        program.dispatchGroups[position].types[index].implementation = next
      }
      if program.dispatchGroups[position].types.allSatisfy({ $0.implementation != nil }) {
        program.dispatchGroups[position].defaultImplementation = nil
        program.functions.removeAll { $0.id == id }
      }
    }
    return program
  }

  /// Whether `body` calls through a group that `matches`.
  static func has(_ body: Block, _ program: GeneratedProgram, _ matches: (GenGroup) -> Bool) -> Bool {
    var found = false
    ProgramWalk.forEachStatement(in: body) { statement in
      if case let .dispatch(site) = statement, let group = program.group(site.group), matches(group) { found = true }
    }
    return found
  }

  /// A public protocol with `@RequiresImplicits` keys, implemented or
  /// called in another module than its own.
  static func protocolContractDownstream(_ program: GeneratedProgram) -> Bool {
    program.dispatchGroups.contains { group in
      guard group.kind == .publicProtocol, !(group.contract ?? []).isEmpty,
        group.types.contains(where: { $0.module == group.module })
      else { return false }
      let implemented = (group.types.compactMap(\.implementation) + (group.defaultImplementation.map { [$0] } ?? []))
        .contains { program.function($0).map { $0.module != group.module } ?? false }
      var called = false
      for function in program.functions where function.module != group.module {
        ProgramWalk.forEachStatement(in: function.body) { if case let .dispatch(site) = $0, site.group == group.id { called = true } }
      }
      ProgramWalk.forEachStatement(in: program.entry) { if case let .dispatch(site) = $0, site.group == group.id { called = true } }
      return implemented || called
    }
  }

  /// Core gets a function, never called, that calls through each public
  /// protocol: the module then writes the requirement's keys into its
  /// interface, which it leaves out when nothing of the module calls
  /// through the requirement.
  static func protocolCalledInItsModule(_ program: GeneratedProgram) -> GeneratedProgram {
    var program = program
    var next = freshID(program)
    for group in program.dispatchGroups where group.kind == .publicProtocol {
      guard let type = group.types.indices.first(where: { group.types[$0].module == group.module }) else { continue }
      next += 1
      let call = Statement.dispatch(DispatchSite(id: next, group: group.id, candidates: [type]))
      next += 1
      program.functions.append(
        GenFunction(id: next, module: group.module, form: .free, body: Block(.none, [call]), throwing: false, returnsValue: false))
    }
    return program
  }
}
