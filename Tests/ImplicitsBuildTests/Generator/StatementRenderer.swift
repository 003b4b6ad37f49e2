/// How a generated program spells its names: every identifier carries the
/// program's prefix (`P3_Logger`, `p3_flag0`), so that many programs share
/// one module; the corpus writes them with none.
struct GenNames: Sendable {
  let prefix: String
  let lower: String

  init(program number: Int?) {
    prefix = number.map { "P\($0)_" } ?? ""
    lower = number.map { "p\($0)_" } ?? ""
  }

  func type(_ name: String) -> String { prefix + name }
  func function(_ name: String) -> String { lower + name }
  func named(_ key: String) -> String { lower + key }

  func key(_ key: GenKey) -> String {
    switch key {
    case let .type(name): ".type(\(type(name)).self)"
    case let .named(name): ".named(\\.\(named(name)))"
    }
  }

  func functionName(_ function: GenFunction) -> String {
    switch function.form {
    case .intExtension: self.function("f\(function.id)")
    case let .overload(group, _): self.function("log\(group)")
    case let .member(group, _), let .protocolDefault(group): "run\(group)"
    default: self.function("f\(function.id)")
    }
  }

  func groupType(_ group: GenGroup) -> String { type(group.isProtocol ? "Job\(group.id)" : "Base\(group.id)") }

  func memberType(_ group: GenGroup, _ index: Int) -> String {
    if !group.isProtocol && index == 0 { return groupType(group) }
    return groupType(group) + group.types[index].name
  }

  func hof(_ kind: ClosureKind, _ module: GenModule) -> String {
    let base: String
    switch kind {
    case .nonEscaping: base = "each"
    case .typealiasNonEscaping: base = "eachAlias"
    case .escaping: base = "enqueue"
    case .typealiasEscaping: base = "enqueueAlias"
    case .optional: base = "enqueueOptional"
    case .twoClosures: base = "schedule"
    case .escapingRunNow: base = "runNow"
    case .forEach, .map, .filter, .immediate: base = "\(kind)"
    }
    return function(base + module.name)
  }

  func autoclosureHOF(_ kind: AutoclosureSite.Kind, _ module: GenModule) -> String {
    function((kind == .nonEscaping ? "check" : "checkNow") + module.name)
  }
}

/// Writes statements as Swift.
struct StatementRenderer {
  struct Context {
    /// What leaves the enclosing function, closure or loop body early;
    /// nil where nothing may (a `defer`).
    var exit: String?
    var canThrow: Bool
    /// The group of the override being written, for `super` calls.
    var overriding: Int?
  }

  let program: GeneratedProgram
  let names: GenNames
  var lines: [String] = []
  private var indentation = 0
  /// The next branch point's number: each decision of the source has its
  /// own, so that a run can set each branch point (`PathExplorer`).
  private var nextSite = 0

  init(program: GeneratedProgram, names: GenNames) {
    self.program = program
    self.names = names
  }

  mutating func line(_ text: String) { lines.append(String(repeating: "  ", count: indentation) + text) }

  mutating func indented(_ body: (inout StatementRenderer) -> Void) {
    indentation += 1
    body(&self)
    indentation -= 1
  }

  /// A block's statements, after the lines that open its local scope.
  mutating func block(_ block: Block, _ context: Context, prologue: [String] = [], opensItsScope: Bool = true) {
    if opensItsScope {
      switch block.scope {
      case .none: break
      case .nested: line("let scope = scope.nested()")
      case .root: line("let scope = ImplicitScope()")
      case let .bag(id): line("let scope = ImplicitScope(with: bag\(id))")
      }
      if block.scope != .none { line("defer { scope.end() }") }
    }
    prologue.forEach { line($0) }
    for statement in block.statements { self.statement(statement, context) }
  }

  mutating func braced(_ opening: String, _ block: Block, _ context: Context, closing: String = "}", prologue: [String] = []) {
    line(opening)
    indented { $0.block(block, context, prologue: prologue) }
    line(closing)
  }

  /// A call of the path selector at a branch point of its own.
  mutating func decide(sites: Int = 1) -> (call: String, site: Int) {
    defer { nextSite += sites }
    return (names.function("decide(\(nextSite))"), nextSite)
  }

  mutating func statement(_ statement: Statement, _ context: Context) {
    switch statement {
    case let .read(key, form, id):
      switch (key, form) {
      case let (.named(name), _): line("@Implicit(\\.\(names.named(name))) var v\(id): Int")
      case let (.type(name), .explicitKey): line("@Implicit(\(names.type(name)).self) var v\(id)")
      case let (.type(name), .emptyParentheses): line("@Implicit() var v\(id): \(names.type(name))")
      case let (.type(name), .annotated): line("@Implicit var v\(id): \(names.type(name))")
      }
    case let .provide(key, form, id):
      line(provide(key, form, id))
    case let .call(site):
      call(site, context)
    case let .ifElse(then, otherwise):
      line("if \(decide().call) {")
      indented { $0.block(then, context) }
      if let otherwise {
        line("} else {")
        indented { $0.block(otherwise, context) }
      }
      line("}")
    case let .guardElse(body):
      guard let exit = context.exit else { return }
      braced("guard \(decide().call) else {", body, context, prologue: [])
      lines.insert(String(repeating: "  ", count: indentation + 1) + exit, at: lines.count - 1)
    case .earlyExit:
      if let exit = context.exit { line("if \(decide().call) { \(exit) }") }
    case let .switchMode(cases, fallsThrough):
      line("switch \(names.function("mode(\(decide(sites: 2).site))")) {")
      for (index, body) in cases.enumerated() {
        line(index == cases.count - 1 ? "default:" : index == 0 ? "case .a:" : "case .b:")
        indented {
          $0.block(body, context)
          if index == 0 && fallsThrough && cases.count > 1 {
            $0.line("fallthrough")
          } else if body.statements.isEmpty && !body.opensScope {
            $0.line("break")
          }
        }
      }
      line("}")
    case let .forLoop(body, id):
      braced("for item\(id) in \(names.function("items(\(decide().site))")) {", body, Context(exit: "continue", canThrow: context.canThrow, overriding: context.overriding))
    case let .whileLoop(body, id, isRepeat):
      let loop = Context(exit: "continue", canThrow: context.canThrow, overriding: context.overriding)
      let condition = decide().call
      line("var n\(id) = 0")
      if isRepeat {
        braced("repeat {", body, loop, closing: "} while n\(id) < 2 && \(condition)", prologue: ["n\(id) += 1"])
      } else {
        braced("while n\(id) < 2 && \(condition) {", body, loop, prologue: ["n\(id) += 1"])
      }
    case let .doCatch(body, handler):
      line("do {")
      indented { $0.block(body, Context(exit: context.exit, canThrow: true, overriding: context.overriding)) }
      line("} catch {")
      indented { $0.block(handler, context) }
      line("}")
    case .mayThrow:
      let call = names.function("mayThrow(\(decide().site))")
      line(context.canThrow ? "try \(call)" : "_ = try? \(call)")
    case let .deferBlock(body):
      braced("defer {", body, Context(exit: nil, canThrow: false, overriding: context.overriding))
    case let .nestedScope(body):
      braced("do {", body, context)
    case let .withScopeNesting(body):
      line("withScope(nesting: scope) { scope in")
      indented { $0.block(body, Context(exit: "return", canThrow: false, overriding: context.overriding), opensItsScope: false) }
      line("}")
    case let .closure(site):
      closure(site, context)
    case let .autoclosure(site):
      guard let function = program.function(site.function) else { return }
      line("\(names.autoclosureHOF(site.kind, site.declaringModule))(\(callExpression(function, .literal, id: site.id)))")
    case let .nestedFunction(function):
      let inner = Context(exit: "return", canThrow: false, overriding: nil)
      braced(function.ownScope ? "func inner\(function.id)(_ scope: ImplicitScope) {" : "func inner\(function.id)() {", function.body, inner)
    case let .nestedCall(id):
      let declaration = findNestedFunction(id)
      line(declaration?.ownScope == true ? "inner\(id)(scope)" : "inner\(id)()")
    case let .dispatch(site):
      dispatch(site)
    case .superCall:
      if let group = context.overriding { line("super.run\(group)(x, scope)") }
    }
  }

  func provide(_ key: GenKey, _ form: ProvideForm, _ id: Int) -> String {
    switch key {
    case let .named(name):
      return "@Implicit(\\.\(names.named(name))) var v\(id) = \(id)"
    case let .type(name):
      let type = names.type(name)
      switch form {
      case .annotated: return "@Implicit var v\(id): \(type) = .init(\(id))"
      case .explicitKey: return "@Implicit(\(type).self) var v\(id) = \(type)(\(id))"
      case .subclassAsBase:
        if let subclass = program.subclassKey, subclass.base == name {
          return "@Implicit var v\(id): \(type) = \(names.type(subclass.name))(\(id))"
        }
        return "@Implicit var v\(id) = \(type)(\(id))"
      case .construct, .named: return "@Implicit var v\(id) = \(type)(\(id))"
      }
    }
  }

  private mutating func call(_ site: CallSite, _ context: Context) {
    guard let function = program.function(site.function) else { return }
    if site.argument == .declared, case let .overload(_, variant) = function.form {
      line("let a\(site.id): \(Self.parameterType(variant)) = \(Self.literal(variant))")
    }
    var expression = callExpression(function, site.argument, id: site.id)
    if function.throwing {
      expression = context.canThrow ? "try " + expression : "_ = try? " + expression
    } else if case .initializer = function.form {
      expression = "_ = " + expression
    }
    line(expression)
  }

  /// The call of `function` with an argument and the scope.
  func callExpression(_ function: GenFunction, _ argument: CallSite.Argument, id: Int) -> String {
    let name = names.functionName(function)
    switch function.form {
    case .free: return "\(name)(\(id), scope)"
    case .staticMethod: return "\(names.type("Tools\(function.id)")).\(name)(\(id), scope)"
    case .instanceMethod: return "\(names.type("Service\(function.id)"))().\(name)(\(id), scope)"
    case .initializer: return "\(names.type("Widget\(function.id)"))(\(id), scope)"
    case .intExtension: return "\(id).\(name)(scope)"
    case .defaulted: return argument == .literal ? "\(name)(\(id), verbose: true, scope)" : "\(name)(\(id), scope)"
    case .variadic: return argument == .literal ? "\(name)(scope, \(id), 2)" : "\(name)(scope)"
    case let .overload(_, variant):
      let value: String
      switch argument {
      case .declared: value = "a\(id)"
      case .nilLiteral: value = "nil"
      case .literal: value = Self.literal(variant)
      }
      switch variant {
      case .labelCount: return "\(name)(count: \(value), scope)"
      case .labelName: return "\(name)(name: \(value), scope)"
      default: return "\(name)(\(value), scope)"
      }
    case .member, .protocolDefault: return "\(name)(\(id), scope)"
    }
  }

  static func parameterType(_ variant: OverloadVariant) -> String {
    switch variant {
    case .int, .labelCount, .labelName: "Int"
    case .string: "String"
    case .double: "Double"
    case .optionalInt: "Int?"
    }
  }

  static func literal(_ variant: OverloadVariant) -> String {
    switch variant {
    case .int, .labelCount, .labelName, .optionalInt: "1"
    case .string: "\"a\""
    case .double: "1.5"
    }
  }

  private mutating func closure(_ site: ClosureSite, _ context: Context) {
    let inClosure = Context(exit: "return", canThrow: false, overriding: nil)
    if let bag = site.bag {
      let keys = bag.map(names.key)
      line(site.id % 2 == 0 || keys.isEmpty
        ? "let bag\(site.id) = Implicits(capturing: [\(keys.joined(separator: ", "))])"
        : "let bag\(site.id) = Implicits(capturing: \(keys.joined(separator: ", ")))")
    }
    let hof = names.hof(site.kind, site.declaringModule)
    let items = site.kind.isStandard ? names.function("items(\(decide().site))") : ""
    switch site.kind {
    case .forEach:
      line("let items\(site.id): [Int] = \(items)")
      braced("items\(site.id).forEach { item in", site.body, inClosure)
    case .map:
      line("let items\(site.id): [Int] = \(items)")
      braced("_ = items\(site.id).map { item -> Int in", site.body, Context(exit: "return item", canThrow: false, overriding: nil), prologue: [])
      lines.insert(String(repeating: "  ", count: indentation + 1) + "return item", at: lines.count - 1)
    case .filter:
      line("let items\(site.id): [Int] = \(items)")
      braced("_ = items\(site.id).filter { item in", site.body, Context(exit: "return true", canThrow: false, overriding: nil))
      lines.insert(String(repeating: "  ", count: indentation + 1) + "return true", at: lines.count - 1)
    case .immediate:
      braced("_ = {", site.body, inClosure, closing: "}()")
    case .twoClosures:
      line("\(hof) { _ in")
      indented { $0.block(site.body, inClosure) }
      line("} then: { _ in")
      indented { $0.block(site.second ?? Block(), inClosure) }
      line("}")
    default:
      braced("\(hof) { _ in", site.body, inClosure)
    }
  }

  private mutating func dispatch(_ site: DispatchSite) {
    guard let group = program.group(site.group), !site.candidates.isEmpty else { return }
    let declared = group.isProtocol ? "any \(names.groupType(group))" : names.groupType(group)
    // Each branch of the conditional is converted, so that it has one type.
    let types = site.candidates.map { names.memberType(group, $0) + "()" + (site.candidates.count > 1 ? " as \(declared)" : "") }
    let sites = types.dropLast().map { _ in decide().call }
    var choice = types.last!
    for (type, decide) in zip(types.dropLast(), sites).reversed() { choice = "\(decide) ? \(type) : \(choice)" }
    line("let d\(site.id): \(declared) = \(choice)")
    line("d\(site.id).run\(group.id)(\(site.id), scope)")
  }

  private func findNestedFunction(_ id: Int) -> NestedFunction? {
    var found: NestedFunction?
    ProgramWalk.forEachStatement(in: program) { statement in
      if case let .nestedFunction(function) = statement, function.id == id { found = function }
    }
    return found
  }
}
