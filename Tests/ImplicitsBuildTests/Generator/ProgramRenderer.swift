/// Writes a generated program as Swift: one source file per module.
///
/// Core declares the key classes and the path selector (`P_decide(site)`,
/// see `PathExplorer`); App declares the named keys and the entry,
/// `P_runProgram()`, which opens the root scope. Closures given to escaping
/// parameters are kept in `P_later` and run by `P_drain()`, after the entry
/// returned and its scope ended.
struct ProgramRenderer {
  let program: GeneratedProgram
  let names: GenNames
  /// Write `#decision` to standard error at each decision.
  var traceDecisions = true

  init(_ program: GeneratedProgram, number: Int?, traceDecisions: Bool = true) {
    self.program = program
    names = GenNames(program: number)
    self.traceDecisions = traceDecisions
  }

  /// The source of each module of the program.
  func sources() -> [GenModule: String] {
    var result: [GenModule: String] = [:]
    for module in program.modules { result[module] = source(of: module) }
    return result
  }

  private func access(_ module: GenModule) -> String { module == .app ? "" : "public " }

  func source(of module: GenModule) -> String {
    var out = StatementRenderer(program: program, names: names)
    switch module {
    case .core:
      if traceDecisions { out.line("import Foundation") }
      out.line("import Implicits")
      coreDeclarations(&out)
    case .feature:
      out.line("import Core")
      out.line("import Implicits")
    case .app:
      out.line("import Core")
      if program.modules.contains(.feature) { out.line("import Feature") }
      out.line("import Implicits")
      if !program.namedKeys.isEmpty {
        out.line("")
        out.line("extension ImplicitsKeys {")
        for key in program.namedKeys { out.line("  static let \(names.named(key)) = Key<Int>()") }
        out.line("}")
      }
    }
    higherOrderFunctions(module, &out)
    for group in program.dispatchGroups { dispatchDeclarations(group, in: module, &out) }
    for function in program.functions where function.module == module {
      switch function.form {
      case .member, .protocolDefault: continue
      default: plainFunction(function, &out)
      }
    }
    if module == .app { entry(&out) }
    return out.lines.joined(separator: "\n") + "\n"
  }

  private func coreDeclarations(_ out: inout StatementRenderer) {
    let n = names
    for name in program.keyTypes {
      let isBase = program.subclassKey?.base == name
      out.line("")
      out.line("public \(isBase ? "" : "final ")class \(n.type(name)) {")
      out.line("  public let id: Int")
      out.line("  public init(_ id: Int) { self.id = id }")
      out.line("}")
    }
    if let subclass = program.subclassKey {
      out.line("")
      out.line("public final class \(n.type(subclass.name)): \(n.type(subclass.base)) {}")
    }
    let (bits, decisions, bySite) = (n.function("pathBits"), n.function("decisions"), n.function("bySite"))
    out.lines += [
      "",
      "nonisolated(unsafe) public var \(bits): [Bool] = []",
      "nonisolated(unsafe) public var \(decisions) = 0",
      "nonisolated(unsafe) public var \(bySite) = false",
      "nonisolated(unsafe) public var \(n.function("later")): [() -> Void] = []",
      "",
      "/// Starts a path: the n-th decision takes bits[n] (or, by site, each",
      "/// branch point `site` takes bits[site]); false past the end.",
      "public func \(n.function("startPath"))(_ bits: [Bool], bySite: Bool = false) {",
      "  \(bits) = bits",
      "  \(decisions) = 0",
      "  \(bySite) = bySite",
      "  \(n.function("later")) = []",
      "}",
      "",
      "public func \(n.function("decide"))(_ site: Int) -> Bool {",
      "  let position = \(bySite) ? site : \(decisions)",
      "  \(decisions) += 1",
      "  let value = position < \(bits).count && \(bits)[position]",
    ] + (traceDecisions ? ["  FileHandle.standardError.write(Data(\"#decision \\(site) \\(value ? 1 : 0)\\n\".utf8))"] : []) + [
      "  return value",
      "}",
      "",
      "/// Runs the closures kept for later, after the program's scopes ended.",
      "public func \(n.function("drain"))() {",
      "  while !\(n.function("later")).isEmpty {",
      "    let job = \(n.function("later")).removeFirst()",
      "    job()",
      "  }",
      "}",
    ]
    let uses = usedHelpers()
    if uses.contains("mode") {
      out.lines += [
        "", "public enum \(n.type("Mode")) { case a, b, c }", "",
        "public func \(n.function("mode"))(_ site: Int) -> \(n.type("Mode")) {",
        "  \(n.function("decide"))(site) ? .a : (\(n.function("decide"))(site + 1) ? .b : .c)", "}",
      ]
    }
    if uses.contains("items") {
      out.lines += ["", "public func \(n.function("items"))(_ site: Int) -> [Int] { \(n.function("decide"))(site) ? [1, 2] : [] }"]
    }
    if uses.contains("mayThrow") {
      out.lines += [
        "", "public struct \(n.type("Failure")): Error { public init() {} }", "",
        "public func \(n.function("mayThrow"))(_ site: Int) throws {",
        "  if \(n.function("decide"))(site) { throw \(n.type("Failure"))() }", "}",
      ]
    }
    if uses.contains("typealias") {
      out.lines += ["", "public typealias \(n.type("Body")) = (Int) -> Void"]
    }
  }

  /// Which helpers of Core the program's statements use.
  private func usedHelpers() -> Set<String> {
    var uses: Set<String> = []
    ProgramWalk.forEachStatement(in: program) { statement in
      switch statement {
      case .switchMode: uses.insert("mode")
      case .forLoop: uses.insert("items")
      case .mayThrow: uses.insert("mayThrow")
      case let .closure(site):
        if site.kind.isStandard { uses.insert("items") }
        if site.kind == .typealiasNonEscaping || site.kind == .typealiasEscaping { uses.insert("typealias") }
      default: break
      }
    }
    return uses
  }

  private func higherOrderFunctions(_ module: GenModule, _ out: inout StatementRenderer) {
    var closures: Set<ClosureKind> = []
    var autoclosures: Set<AutoclosureSite.Kind> = []
    ProgramWalk.forEachStatement(in: program) { statement in
      if case let .closure(site) = statement, site.declaringModule == module, site.kind.needsDeclaration {
        closures.insert(site.kind)
      }
      if case let .autoclosure(site) = statement, site.declaringModule == module { autoclosures.insert(site.kind) }
    }
    let later = names.function("later")
    let body = names.type("Body")
    let a = access(module)
    for kind in ClosureKind.allCases where closures.contains(kind) {
      let name = names.hof(kind, module)
      out.line("")
      switch kind {
      case .nonEscaping: out.line("\(a)func \(name)(_ body: (Int) -> Void) { body(1) }")
      case .typealiasNonEscaping: out.line("\(a)func \(name)(_ body: \(body)) { body(1) }")
      case .escaping: out.line("\(a)func \(name)(_ body: @escaping (Int) -> Void) { \(later).append { body(2) } }")
      case .typealiasEscaping: out.line("\(a)func \(name)(_ body: @escaping \(body)) { \(later).append { body(2) } }")
      case .optional:
        out.line("\(a)func \(name)(_ body: ((Int) -> Void)?) {")
        out.line("  if let body { \(later).append { body(3) } }")
        out.line("}")
      case .twoClosures:
        out.line("\(a)func \(name)(_ first: (Int) -> Void, then second: @escaping (Int) -> Void) {")
        out.line("  first(1)")
        out.line("  \(later).append { second(2) }")
        out.line("}")
      case .escapingRunNow: out.line("\(a)func \(name)(_ body: @escaping (Int) -> Void) { body(1) }")
      case .forEach, .map, .filter, .immediate: break
      }
    }
    if autoclosures.contains(.nonEscaping) {
      out.lines += ["", "\(a)func \(names.autoclosureHOF(.nonEscaping, module))(_ value: @autoclosure () -> Int) { _ = value() }"]
    }
    if autoclosures.contains(.escapingRunNow) {
      out.lines += [
        "", "\(a)func \(names.autoclosureHOF(.escapingRunNow, module))(_ value: @escaping @autoclosure () -> Int) { _ = value() }",
      ]
    }
  }

  private func contract(_ keys: [GenKey]) -> String {
    "@RequiresImplicits(\(keys.map(names.key).joined(separator: ", ")))"
  }

  private func dispatchDeclarations(_ group: GenGroup, in module: GenModule, _ out: inout StatementRenderer) {
    let type = names.groupType(group)
    let run = "run\(group.id)(_ x: Int, _ scope: ImplicitScope)"
    let isPublic = group.kind == .publicProtocol || group.kind == .openClass
    if group.module == module && group.isProtocol {
      out.lines += ["", "\(isPublic ? "public " : "")protocol \(type) {"]
      if let keys = group.contract { out.line("  " + contract(keys)) }
      out.lines += ["  func \(run)", "}"]
    }
    if let implementation = group.defaultImplementation, let function = program.function(implementation),
      function.module == module
    {
      out.lines += ["", "extension \(type) {"]
      method(function, "\(isPublic && module != .app ? "public " : "")func \(run)", overriding: nil, &out)
      out.line("}")
    }
    for (index, member) in group.types.enumerated() where member.module == module {
      let memberType = names.memberType(group, index)
      let implementation = member.implementation.flatMap(program.function)
      let visible = isPublic && module != .app ? "public " : ""
      out.line("")
      if group.isProtocol {
        out.line("\(visible)struct \(memberType): \(type) {")
        if !visible.isEmpty { out.line("  public init() {}") }
        if let implementation { method(implementation, "\(visible)func \(run)", overriding: nil, &out) }
      } else if index == 0 {
        out.line("\(isPublic ? "open " : "")class \(memberType) {")
        if isPublic { out.line("  public init() {}") }
        if let keys = group.contract { out.line("  " + contract(keys)) }
        if let implementation { method(implementation, "\(isPublic ? "open " : "")func \(run)", overriding: nil, &out) }
      } else {
        out.line("\(visible)final class \(memberType): \(type) {")
        if let implementation {
          method(implementation, "\(visible)override func \(run)", overriding: group.id, &out)
        }
      }
      out.line("}")
    }
  }

  private func method(_ function: GenFunction, _ signature: String, overriding: Int?, _ out: inout StatementRenderer) {
    out.indented { out in
      out.line("\(signature) {")
      out.indented { $0.block(function.body, .init(exit: "return", canThrow: false, overriding: overriding)) }
      out.line("}")
    }
  }

  private func plainFunction(_ function: GenFunction, _ out: inout StatementRenderer) {
    let a = access(function.module)
    let name = names.functionName(function)
    let parameters: String
    switch function.form {
    case .intExtension: parameters = "(_ scope: ImplicitScope)"
    case .defaulted: parameters = "(_ x: Int, verbose: Bool = false, _ scope: ImplicitScope)"
    case .variadic: parameters = "(_ scope: ImplicitScope, _ parts: Int...)"
    case let .overload(_, variant):
      let label = variant == .labelCount ? "count x" : variant == .labelName ? "name x" : "_ x"
      parameters = "(\(label): \(StatementRenderer.parameterType(variant)), _ scope: ImplicitScope)"
    default: parameters = "(_ x: Int, _ scope: ImplicitScope)"
    }
    let effects = (function.throwing ? " throws" : "") + (function.returnsValue ? " -> Int" : "")
    let context = StatementRenderer.Context(
      exit: function.returnsValue ? "return 0" : "return", canThrow: function.throwing, overriding: nil)
    var attributes = function.contract.map { [contract($0)] } ?? []
    if function.returnsValue { attributes.append("@discardableResult") }
    out.line("")
    func body(_ out: inout StatementRenderer, _ signature: String) {
      attributes.forEach { out.line($0) }
      out.line("\(signature) {")
      out.indented {
        $0.block(function.body, context)
        if function.returnsValue { $0.line("return x") }
      }
      out.line("}")
    }
    switch function.form {
    case .staticMethod:
      out.line("\(a)enum \(names.type("Tools\(function.id)")) {")
      out.indented { body(&$0, "\(a)static func \(name)\(parameters)\(effects)") }
      out.line("}")
    case .instanceMethod:
      out.line("\(a)struct \(names.type("Service\(function.id)")) {")
      out.indented {
        if !a.isEmpty { $0.line("public init() {}") }
        body(&$0, "\(a)func \(name)\(parameters)\(effects)")
      }
      out.line("}")
    case .initializer:
      out.line("\(a)struct \(names.type("Widget\(function.id)")) {")
      out.indented { body(&$0, "\(a)init\(parameters)\(effects)") }
      out.line("}")
    case .intExtension:
      out.line("extension Int {")
      out.indented { body(&$0, "\(a)func \(name)\(parameters)\(effects)") }
      out.line("}")
    default:
      body(&out, "\(a)func \(name)\(parameters)\(effects)")
    }
  }

  private func entry(_ out: inout StatementRenderer) {
    out.line("")
    out.line("func \(names.function("runProgram"))() {")
    out.indented { out in
      if program.entryUsesWithScope {
        out.line("withScope { scope in")
        out.indented { $0.block(program.entry, .init(exit: "return", canThrow: false, overriding: nil), opensItsScope: false) }
        out.line("}")
      } else {
        out.block(program.entry, .init(exit: "return", canThrow: false, overriding: nil))
      }
    }
    out.line("}")
  }
}
