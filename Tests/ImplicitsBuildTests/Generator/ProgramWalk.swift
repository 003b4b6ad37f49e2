/// Visits and rewrites the statements of a generated program.
enum ProgramWalk {
  /// The blocks directly inside `statement`.
  static func children(_ statement: Statement) -> [Block] {
    switch statement {
    case let .ifElse(then, otherwise): [then] + (otherwise.map { [$0] } ?? [])
    case let .guardElse(body), let .forLoop(body, _), let .whileLoop(body, _, _), let .deferBlock(body),
      let .nestedScope(body), let .withScopeNesting(body):
      [body]
    case let .switchMode(cases, _): cases
    case let .doCatch(body, handler): [body, handler]
    case let .closure(site): [site.body] + (site.second.map { [$0] } ?? [])
    case let .nestedFunction(function): [function.body]
    case .read, .provide, .call, .earlyExit, .mayThrow, .autoclosure, .nestedCall, .dispatch, .superCall: []
    }
  }

  /// `statement` with its child blocks replaced, in the order `children`
  /// gives them.
  static func replacingChildren(_ statement: Statement, _ blocks: [Block]) -> Statement {
    switch statement {
    case let .ifElse(_, otherwise): return .ifElse(blocks[0], otherwise == nil ? nil : blocks[1])
    case .guardElse: return .guardElse(blocks[0])
    case let .forLoop(_, id): return .forLoop(blocks[0], id: id)
    case let .whileLoop(_, id, isRepeat): return .whileLoop(blocks[0], id: id, isRepeat: isRepeat)
    case .deferBlock: return .deferBlock(blocks[0])
    case .nestedScope: return .nestedScope(blocks[0])
    case .withScopeNesting: return .withScopeNesting(blocks[0])
    case let .switchMode(_, fallsThrough): return .switchMode(blocks, fallsThrough: fallsThrough)
    case .doCatch: return .doCatch(blocks[0], blocks[1])
    case var .closure(site):
      site.body = blocks[0]
      if site.second != nil { site.second = blocks[1] }
      return .closure(site)
    case var .nestedFunction(function):
      function.body = blocks[0]
      return .nestedFunction(function)
    default: return statement
    }
  }

  /// Every statement of `block`, depth first.
  static func forEachStatement(in block: Block, _ visit: (Statement) -> Void) {
    for statement in block.statements {
      visit(statement)
      for child in children(statement) { forEachStatement(in: child, visit) }
    }
  }

  /// Every statement of the program: function bodies, then the entry.
  static func forEachStatement(in program: GeneratedProgram, _ visit: (Statement) -> Void) {
    for function in program.functions { forEachStatement(in: function.body, visit) }
    forEachStatement(in: program.entry, visit)
  }

  /// `block` with every statement (depth first, children first) passed
  /// through `transform`, which returns the statements that replace it.
  static func rewrite(_ block: Block, _ transform: (Statement) -> [Statement]) -> Block {
    var result = Block(block.scope)
    for statement in block.statements {
      let rewritten = replacingChildren(statement, children(statement).map { rewrite($0, transform) })
      result.statements += transform(rewritten)
    }
    return result
  }

  /// The program with every body rewritten.
  static func rewrite(_ program: GeneratedProgram, _ transform: (Statement) -> [Statement]) -> GeneratedProgram {
    var result = program
    for index in result.functions.indices {
      result.functions[index].body = rewrite(result.functions[index].body, transform)
    }
    result.entry = rewrite(result.entry, transform)
    return result
  }
}
