/// What a generated program runs on some path: the analysis checks every
/// body, so a body no path runs would make the run an oracle of nothing
/// (a defect there is rejected, and rightly, while every run is clean).
extension ProgramGenerator {
  /// The functions that `block` runs on some path, and the types of the
  /// groups it calls through.
  static func reached(from blocks: [Block], in program: GeneratedProgram) -> (functions: Set<Int>, types: Set<[Int]>) {
    var functions: Set<Int> = []
    var types: Set<[Int]> = []
    var pending = blocks
    func reach(_ id: Int?) {
      guard let id, !functions.contains(id), let function = program.function(id) else { return }
      functions.insert(id)
      pending.append(function.body)
      if case let .member(group, type) = function.form, type > 0, let base = program.group(group)?.types[0].implementation,
        !(program.group(group)?.isProtocol ?? true)
      {
        // `super` calls reach the base's method.
        var callsSuper = false
        ProgramWalk.forEachStatement(in: function.body) { if case .superCall = $0 { callsSuper = true } }
        if callsSuper { reach(base) }
      }
    }
    while let block = pending.popLast() {
      ProgramWalk.forEachStatement(in: block) { statement in
        switch statement {
        case let .call(site): reach(site.function)
        case let .autoclosure(site): reach(site.function)
        case let .dispatch(site):
          guard let group = program.group(site.group) else { return }
          for candidate in site.candidates {
            types.insert([group.id, candidate])
            reach(group.implementation(of: candidate))
          }
        default: break
        }
      }
    }
    return (functions, types)
  }

  /// Whether every function and every type of `program` runs on some path.
  static func reachesEverything(_ program: GeneratedProgram) -> Bool {
    let (functions, types) = reached(from: [program.entry], in: program)
    let groupTypes = program.dispatchGroups.flatMap { group in group.types.indices.map { [group.id, $0] } }
    return program.functions.allSatisfy { functions.contains($0.id) } && groupTypes.allSatisfy(types.contains)
  }

  /// A function per module that calls each function, and through each
  /// type, that the entry does not reach; the entry calls them (their ids).
  func generateDrivers(_ entry: Block) -> [Int] {
    var statements: [GenModule: [Statement]] = [:]
    var (functions, types) = Self.reached(from: [entry], in: program)
    while true {
      // A function nothing reached calls, or else (a cycle) any.
      let unreached = program.functions.filter { function in
        switch function.form {
        case .member, .protocolDefault: false
        default: !functions.contains(function.id)
        }
      }
      let calledByOthers = Self.reached(from: unreached.map(\.body), in: program).functions
      guard let next = unreached.first(where: { !calledByOthers.contains($0.id) }) ?? unreached.first else { break }
      statements[next.module, default: []].append(call(to: next))
      let more = Self.reached(from: [next.body], in: program)
      functions.formUnion(more.functions.union([next.id]))
      types.formUnion(more.types)
    }
    for group in program.dispatchGroups {
      for index in group.types.indices where !types.contains([group.id, index]) {
        let module = group.kind == .internalProtocol || group.kind == .internalClass ? group.module : group.types[index].module
        statements[module, default: []].append(.dispatch(DispatchSite(id: freshID(), group: group.id, candidates: [index])))
        let more = Self.reached(from: [Block(.none, [statements[module]!.last!])], in: program)
        functions.formUnion(more.functions)
        types.formUnion(more.types)
      }
    }
    var drivers: [Int] = []
    for module in program.modules {
      guard let body = statements[module], !body.isEmpty else { continue }
      let id = (program.functions.map(\.id).max() ?? 0) + 1
      program.functions.append(
        GenFunction(id: id, module: module, form: .free, body: Block(.none, body), throwing: false, returnsValue: false))
      drivers.append(id)
    }
    return drivers
  }

  private func call(to function: GenFunction) -> Statement {
    var argument = CallSite.Argument.literal
    if case .overload(_, .optionalInt) = function.form { argument = .declared }
    return .call(CallSite(function: function.id, argument: argument, id: freshID()))
  }
}
