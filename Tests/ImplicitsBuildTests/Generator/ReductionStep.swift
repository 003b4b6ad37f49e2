/// One way to make a generated program smaller, and how to apply several
/// at once. Statements are numbered in pre-order over the functions, then
/// the entry; a set of steps taken from one program applies to it in one
/// walk, so that the steps that each kept a disagreement can be tried
/// together.
enum ReductionStep: Hashable {
  case dropFeatureModule
  case dropGroup(Int)
  case dropType(group: Int, index: Int)
  case dropDefault(group: Int)
  case dropFunction(Int)
  case dropStatement(Int)
  /// The compound statement replaced by its `child`-th block.
  case flatten(Int, child: Int)
  /// A call replaced by the callee's body, in a block of its own.
  case inlineCall(Int)
  /// A plain function made a free function without contract, throws or
  /// result.
  case simplifyFunction(Int)
  case plainEntry
  case plainForms

  /// Steps come in levels, tried in turn: whole modules, groups, types and
  /// functions; statements; the forms of statements and functions.
  static let levels = 3

  var level: Int {
    switch self {
    case .dropFeatureModule, .dropGroup, .dropType, .dropDefault, .dropFunction: 0
    case .dropStatement, .inlineCall: 1
    case .flatten, .simplifyFunction, .plainEntry, .plainForms: 2
    }
  }

  /// Every step that applies to `program`, the largest first.
  static func all(for program: GeneratedProgram) -> [ReductionStep] {
    var steps: [ReductionStep] = []
    if program.modules.contains(.feature) { steps.append(.dropFeatureModule) }
    steps += program.dispatchGroups.map { .dropGroup($0.id) }
    for group in program.dispatchGroups {
      for index in group.types.indices.reversed() where group.isProtocol || index > 0 {
        steps.append(.dropType(group: group.id, index: index))
      }
      if group.defaultImplementation != nil { steps.append(.dropDefault(group: group.id)) }
    }
    for function in program.functions {
      switch function.form {
      case .member, .protocolDefault: continue
      default: steps.append(.dropFunction(function.id))
      }
    }
    var index = 0
    func number(_ block: Block) {
      for statement in block.statements {
        steps.append(.dropStatement(index))
        if case .call = statement { steps.append(.inlineCall(index)) }
        for child in ProgramWalk.children(statement).indices { steps.append(.flatten(index, child: child)) }
        index += 1
        ProgramWalk.children(statement).forEach(number)
      }
    }
    program.functions.forEach { number($0.body) }
    number(program.entry)
    for function in program.functions where function.form != .free || function.contract != nil || function.throwing {
      switch function.form {
      case .member, .protocolDefault, .overload: continue
      default: steps.append(.simplifyFunction(function.id))
      }
    }
    if program.entryUsesWithScope { steps.append(.plainEntry) }
    var plain = true
    ProgramWalk.forEachStatement(in: program) { statement in
      switch statement {
      case let .provide(_, form, _) where form != .construct && form != .named && form != .subclassAsBase: plain = false
      case let .read(_, form, _) where form != .annotated: plain = false
      default: break
      }
    }
    if !plain || unscoped(program).weight < program.weight { steps.append(.plainForms) }
    return steps
  }

  /// `program` with `steps` applied (a statement both dropped and
  /// flattened is dropped).
  static func apply(_ steps: Set<ReductionStep>, to original: GeneratedProgram, collecting: Bool = true) -> GeneratedProgram {
    var program = original
    // Statements first, by their numbers in the original.
    var counter = 0
    func walk(_ block: Block) -> Block {
      var result = Block(block.scope)
      for statement in block.statements {
        let index = counter
        counter += 1
        let rebuilt = ProgramWalk.replacingChildren(statement, ProgramWalk.children(statement).map(walk))
        if steps.contains(.dropStatement(index)) { continue }
        if steps.contains(.inlineCall(index)), case let .call(site) = rebuilt, let callee = original.function(site.function) {
          var body = callee.body
          if case .bag = body.scope { body.scope = .nested }
          result.statements.append(.nestedScope(body))
          continue
        }
        let children = ProgramWalk.children(rebuilt)
        if let child = children.indices.first(where: { steps.contains(.flatten(index, child: $0)) }) {
          var inner = children[child]
          if case .bag = inner.scope { inner.scope = .nested }
          result.statements += inner.opensScope ? [.nestedScope(inner)] : inner.statements
          continue
        }
        result.statements.append(rebuilt)
      }
      return result
    }
    for index in program.functions.indices { program.functions[index].body = walk(program.functions[index].body) }
    program.entry = walk(program.entry)

    if steps.contains(.plainEntry) { program.entryUsesWithScope = false }
    if steps.contains(.plainForms) {
      program = unscoped(program)
      program = ProgramWalk.rewrite(program) { statement in
        switch statement {
        case let .provide(key, form, id) where form == .annotated || form == .explicitKey: [.provide(key, .construct, id: id)]
        case let .read(key, _, id): [.read(key, .annotated, id: id)]
        default: [statement]
        }
      }
    }
    for step in steps {
      guard case let .simplifyFunction(id) = step, let index = program.functions.firstIndex(where: { $0.id == id }) else {
        continue
      }
      program.functions[index].form = .free
      program.functions[index].contract = nil
      program.functions[index].throwing = false
    }
    var droppedFunctions = Set(steps.compactMap { if case let .dropFunction(id) = $0 { id } else { nil } })
    var droppedGroups = Set(steps.compactMap { if case let .dropGroup(id) = $0 { id } else { nil } })
    if steps.contains(.dropFeatureModule) {
      program.modules.removeAll { $0 == .feature }
      droppedFunctions.formUnion(program.functions.filter { function in
        switch function.form {
        case .member, .protocolDefault: false
        default: function.module == .feature
        }
      }.map(\.id))
      droppedGroups.formUnion(program.dispatchGroups.filter { $0.module == .feature }.map(\.id))
      program = ProgramWalk.rewrite(program) { statement in
        switch statement {
        case var .closure(site) where site.declaringModule == .feature:
          site.declaringModule = .core
          return [.closure(site)]
        case var .autoclosure(site) where site.declaringModule == .feature:
          site.declaringModule = .core
          return [.autoclosure(site)]
        default: return [statement]
        }
      }
    }
    for index in program.dispatchGroups.indices {
      var group = program.dispatchGroups[index]
      if steps.contains(.dropDefault(group: group.id)) || steps.contains(.dropFeatureModule)
        && group.defaultImplementation.flatMap(program.function)?.module == .feature
      {
        group.defaultImplementation.map { droppedFunctions.insert($0) }
        group.defaultImplementation = nil
      }
      // Types dropped, or left without the default they took.
      let dropped = group.types.indices.filter { index in
        steps.contains(.dropType(group: group.id, index: index))
          || steps.contains(.dropFeatureModule) && group.types[index].module == .feature
          || group.isProtocol && group.types[index].implementation == nil && group.defaultImplementation == nil
      }
      if dropped.contains(0) && !group.isProtocol || dropped.count == group.types.count { droppedGroups.insert(group.id) }
      program.dispatchGroups[index] = group
      program = dropTypes(dropped, of: index, in: program, functions: &droppedFunctions)
    }
    for id in droppedGroups {
      guard let group = program.group(id) else { continue }
      droppedFunctions.formUnion(group.types.compactMap(\.implementation))
      group.defaultImplementation.map { droppedFunctions.insert($0) }
    }
    program.dispatchGroups.removeAll { droppedGroups.contains($0.id) }
    program.functions.removeAll { droppedFunctions.contains($0.id) }
    return collecting ? collected(cleaned(program)) : cleaned(program)
  }

  /// The program without the functions and the types that no path runs
  /// any more (a dropped call leaves its callee unreached).
  static func collected(_ original: GeneratedProgram) -> GeneratedProgram {
    var program = original
    while true {
      let (functions, types) = ProgramGenerator.reached(from: [program.entry], in: program)
      var steps: Set<ReductionStep> = []
      for function in program.functions where !functions.contains(function.id) {
        switch function.form {
        case .member, .protocolDefault: continue
        default: steps.insert(.dropFunction(function.id))
        }
      }
      for group in program.dispatchGroups {
        let unreached = group.types.indices.filter { !types.contains([group.id, $0]) }
        if unreached.count == group.types.count || !group.isProtocol && unreached.contains(0) {
          steps.insert(.dropGroup(group.id))
        } else {
          for index in unreached { steps.insert(.dropType(group: group.id, index: index)) }
        }
      }
      guard !steps.isEmpty else { return program }
      program = cleaned(apply(steps, to: program, collecting: false))
    }
  }

  /// The program with every nested scope that provides nothing removed
  /// (the block then uses the scope around it), so that its block can be
  /// flattened.
  static func unscoped(_ original: GeneratedProgram) -> GeneratedProgram {
    func walk(_ block: Block) -> Block {
      var result = Block(block.scope)
      result.statements = block.statements.map { ProgramWalk.replacingChildren($0, ProgramWalk.children($0).map(walk)) }
      let provides = result.statements.contains { if case .provide = $0 { true } else { false } }
      if result.scope == .nested && !provides { result.scope = .none }
      return result
    }
    var program = original
    for index in program.functions.indices { program.functions[index].body = walk(program.functions[index].body) }
    program.entry = walk(program.entry)
    return program
  }

  /// Drops the types `indices` of the group at `position`, renumbering the
  /// others where calls and members name them.
  private static func dropTypes(
    _ indices: [Int], of position: Int, in original: GeneratedProgram, functions: inout Set<Int>
  ) -> GeneratedProgram {
    guard !indices.isEmpty else { return original }
    var program = original
    let group = program.dispatchGroups[position]
    let kept = group.types.indices.filter { !indices.contains($0) }
    var renumber: [Int: Int] = [:]
    for (new, old) in kept.enumerated() { renumber[old] = new }
    for index in indices { group.types[index].implementation.map { functions.insert($0) } }
    program.dispatchGroups[position].types = kept.map { group.types[$0] }
    for index in program.functions.indices {
      if case let .member(id, type) = program.functions[index].form, id == group.id, let new = renumber[type] {
        program.functions[index].form = .member(group: id, type: new)
      }
    }
    return ProgramWalk.rewrite(program) { statement in
      guard case var .dispatch(site) = statement, site.group == group.id else { return [statement] }
      site.candidates = site.candidates.compactMap { renumber[$0] }
      return site.candidates.isEmpty ? [] : [.dispatch(site)]
    }
  }

  /// Removes what refers to something no longer there: calls of dropped
  /// functions, calls through dropped groups, calls of nested functions no
  /// longer declared before them.
  static func cleaned(_ original: GeneratedProgram) -> GeneratedProgram {
    let functions = Set(original.functions.map(\.id))
    let groups = Set(original.dispatchGroups.map(\.id))
    var program = original
    func clean(_ block: Block) -> Block {
      var declared: Set<Int> = []
      var result = Block(block.scope)
      for statement in block.statements {
        let rebuilt = ProgramWalk.replacingChildren(statement, ProgramWalk.children(statement).map(clean))
        switch rebuilt {
        case let .call(site) where !functions.contains(site.function): continue
        case let .autoclosure(site) where !functions.contains(site.function): continue
        case let .dispatch(site) where !groups.contains(site.group): continue
        case let .nestedCall(id) where !declared.contains(id): continue
        case let .nestedFunction(function): declared.insert(function.id)
        default: break
        }
        result.statements.append(rebuilt)
      }
      return result
    }
    for index in program.functions.indices { program.functions[index].body = clean(program.functions[index].body) }
    program.entry = clean(program.entry)
    return program
  }
}

extension GeneratedProgram {
  /// How big the program is, for a reduction that must make it smaller:
  /// statements, functions and groups, modules, and forms that are not the
  /// plainest.
  var weight: Int {
    var weight = functions.count * 3 + dispatchGroups.count * 3 + modules.count * 5 + (entryUsesWithScope ? 1 : 0)
    var scopes = functions.filter { $0.body.scope == .nested }.count
    func count(_ block: Block) {
      for statement in block.statements {
        for child in ProgramWalk.children(statement) {
          if child.scope == .nested { scopes += 1 }
          count(child)
        }
      }
    }
    functions.forEach { count($0.body) }
    count(entry)
    weight += scopes
    weight += functions.filter { $0.form != .free || $0.contract != nil || $0.throwing }.count
    ProgramWalk.forEachStatement(in: self) { statement in
      weight += 2
      switch statement {
      case let .provide(_, form, _) where form == .annotated || form == .explicitKey: weight += 1
      case let .read(_, form, _) where form != .annotated: weight += 1
      default: break
      }
    }
    return weight
  }
}
