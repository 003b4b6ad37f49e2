import ImplicitsTestSupport

/// Draws a random, well-typed program from a seed: the modules, the key
/// classes, the functions (plain, methods, initializers, overloads,
/// protocol and class members) with their forms, then their bodies
/// (`BodyGenerator`), callees before callers, then the contracts and the
/// entry. Each feature is on or off per program; sizes stay small.
///
/// The entry provides what the program needs (by `ReferenceSemantics`),
/// except, for about half the programs, one key: so that about half the
/// programs stop on some path, and whether they do depends on the flow
/// inside, which is what the analysis must get right.
final class ProgramGenerator {
  enum Feature: CaseIterable {
    case ifElse, guardElse, earlyExit, switchMode, loops, errors, defers, nestedScopes, withScope
    case closures, typealiasClosures, escapingClosures, optionalClosures, twoClosures, standardClosures
    case immediateClosures, autoclosures, nestedFunctions
    case internalProtocols, publicProtocols, protocolDefaults, internalClasses, openClasses
    case overloads, optionalOverloads, variadic, defaulted, methodForms, contracts
    case namedKeys, subclassKeys, provideForms, byDesignShapes, entryWithScope, thirdModule
  }

  static let keyPool = ["Logger", "Wallet", "Theme", "Metrics", "Session", "Cart"]

  var random: SeededRandom
  var features: Set<Feature> = []
  var program: GeneratedProgram
  /// Branch points left: each run explores every path, so a program keeps
  /// few of them.
  var decisionsLeft = 4
  var nextID = 1000
  /// Functions some generated code calls, so that callers prefer the others.
  var called: Set<Int> = []
  /// Public groups one of whose implementations requires more than the
  /// contract declares (`declared-implicits`, by design).
  var underDeclared: Set<Int> = []

  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
    program = GeneratedProgram(
      seed: seed, modules: [.core, .app], keyTypes: [], subclassKey: nil, namedKeys: [], functions: [],
      dispatchGroups: [], entry: Block(.root), entryUsesWithScope: false, byDesign: [])
  }

  static func generate(seed: UInt64) -> GeneratedProgram {
    let generator = ProgramGenerator(seed: seed)
    generator.drawFeatures()
    generator.declare()
    generator.generateBodies()
    generator.generateContracts()
    generator.generateEntry()
    return generator.program
  }

  // MARK: Random choices

  func chance(_ probability: Double) -> Bool { Double(random.next(below: 1_000_000)) / 1_000_000 < probability }

  func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.next(below: range.count) }

  func pick<T>(_ values: [T]) -> T { values[random.next(below: values.count)] }

  func has(_ feature: Feature) -> Bool { features.contains(feature) }

  func freshID() -> Int {
    nextID += 1
    return nextID
  }

  private func drawFeatures() {
    for feature in Feature.allCases where chance(feature == .byDesignShapes ? 0.2 : 0.5) {
      features.insert(feature)
    }
    decisionsLeft = int(2...4)
  }

  // MARK: Declarations

  private func declare() {
    if has(.thirdModule) { program.modules = [.core, .feature, .app] }
    var pool = Self.keyPool
    for _ in 0..<int(2...4) { program.keyTypes.append(pool.remove(at: random.next(below: pool.count))) }
    if has(.subclassKeys) {
      let base = program.keyTypes[0]
      program.subclassKey = .init(name: "File" + base, base: base)
    }
    if has(.namedKeys) { program.namedKeys = (0..<int(1...2)).map { "flag\($0)" } }

    var shells: [GenFunction] = []
    func shell(_ module: GenModule, _ form: FunctionForm) -> Int {
      shells.append(GenFunction(id: shells.count, module: module, form: form, body: Block(), throwing: false, returnsValue: false))
      return shells.count - 1
    }
    for _ in 0..<int(2...6) {
      var form = FunctionForm.free
      var choices: [FunctionForm] = [.free]
      if has(.methodForms) { choices += [.staticMethod, .instanceMethod, .initializer, .intExtension] }
      if has(.defaulted) { choices.append(.defaulted) }
      if has(.variadic) { choices.append(.variadic) }
      form = pick(choices)
      let index = shell(pick(program.modules), form)
      let plain = [FunctionForm.free, .staticMethod, .instanceMethod]
      if has(.errors) && chance(0.3) && (plain + [.initializer]).contains(form) {
        shells[index].throwing = true
      } else if has(.autoclosures) && chance(0.5) && (plain + [.defaulted]).contains(form) {
        shells[index].returnsValue = true
      }
    }
    if has(.overloads) {
      var variants: [OverloadVariant] = [.int, .string, .double, .labelCount, .labelName]
      if has(.optionalOverloads) { variants += [.optionalInt, .optionalInt] }
      var chosen: [OverloadVariant] = []
      while chosen.count < int(2...3) {
        let variant = pick(variants)
        if !chosen.contains(variant) { chosen.append(variant) }
      }
      let group = freshID()
      for variant in chosen { _ = shell(pick(program.modules), .overload(group: group, variant: variant)) }
    }
    var groups: [GenGroup] = []
    func group(_ kind: GenGroup.Kind, _ feature: Feature) {
      guard has(feature) else { return }
      let isPublic = kind == .publicProtocol || kind == .openClass
      let module = isPublic ? GenModule.core : pick(program.modules)
      var group = GenGroup(id: freshID(), kind: kind, module: module, contract: nil, types: [])
      if isPublic {
        // Declared before the bodies: each implementation provides itself
        // what it needs beyond it, except, by design, one now and then.
        let keys = program.keyTypes.map(GenKey.type) + (program.subclassKey.map { [.type($0.name)] } ?? [])
        group.contract = keys.filter { _ in chance(0.5) }
        if has(.contracts) && chance(0.3) { underDeclared.insert(group.id) }
      }
      let count = int(2...3)
      for index in 0..<count {
        let typeModule = isPublic && index > 0 ? pick(program.modules) : module
        let name = ["", "A", "B", "C"][index + (group.isProtocol ? 1 : 0)]
        group.types.append(.init(name: name, module: typeModule, implementation: nil))
      }
      // A conformer takes a default only from its own module or one it imports.
      let defaultModule = kind == .publicProtocol && chance(0.5) ? pick(program.modules) : module
      let hasDefault = group.isProtocol && has(.protocolDefaults)
      var inheriting: [Int] = []
      for index in group.types.indices {
        let inherits =
          group.isProtocol
          ? hasDefault && chance(0.5) && group.types[index].module >= defaultModule
          : index > 0 && chance(0.3)
        if inherits { inheriting.append(index) }
      }
      // A default that no type takes would never run: one type takes it.
      if hasDefault && inheriting.isEmpty, let index = group.types.indices.last(where: { group.types[$0].module >= defaultModule }) {
        inheriting.append(index)
      }
      for index in group.types.indices where !inheriting.contains(index) {
        group.types[index].implementation = shell(group.types[index].module, .member(group: group.id, type: index))
      }
      if group.isProtocol && !inheriting.isEmpty {
        group.defaultImplementation = shell(defaultModule, .protocolDefault(group: group.id))
      }
      groups.append(group)
    }
    group(.internalProtocol, .internalProtocols)
    group(.publicProtocol, .publicProtocols)
    group(.internalClass, .internalClasses)
    group(.openClass, .openClasses)

    // Random ids, so that any function may call any other (callees have
    // higher ids in their module).
    var order = Array(shells.indices)
    for index in order.indices.reversed() { order.swapAt(index, random.next(below: index + 1)) }
    var renumber: [Int: Int] = [:]
    for (newID, oldID) in order.enumerated() { renumber[oldID] = newID }
    program.functions = shells.map { function in
      var function = function
      function.id = renumber[function.id]!
      return function
    }
    program.dispatchGroups = groups.map { group in
      var group = group
      for index in group.types.indices { group.types[index].implementation = group.types[index].implementation.map { renumber[$0]! } }
      group.defaultImplementation = group.defaultImplementation.map { renumber[$0]! }
      return group
    }
  }

  // MARK: Bodies, contracts, entry

  /// Callees before callers: modules in build order, and in a module, the
  /// highest ids first.
  private func generateBodies() {
    let order = program.functions.indices.sorted {
      let (a, b) = (program.functions[$0], program.functions[$1])
      return a.module != b.module ? a.module < b.module : a.id > b.id
    }
    for index in order {
      let function = program.functions[index]
      var overriding: Int?
      var contract: [GenKey]?
      if case let .member(id, type) = function.form, let group = program.group(id) {
        if !group.isProtocol && type > 0 { overriding = id }
        contract = group.contract
      }
      if case let .protocolDefault(id) = function.form, let group = program.group(id) { contract = group.contract }
      let context = BodyContext(
        module: function.module, caller: function.id, canProvide: false, canExit: true,
        canThrow: function.throwing, overriding: overriding, depth: 0, namedKeys: function.module == .app)
      var body = block(context, scope: chance(0.4) ? .nested : .none, size: int(1...4))
      if let contract { body = providing(body, beyond: contract, group: function.form) }
      program.functions[index].body = body
    }
  }

  /// An implementation of a contract provides what it needs beyond it, in
  /// a local scope of its own; for one implementation of an under-declared
  /// group, it does not.
  private func providing(_ body: Block, beyond contract: [GenKey], group form: FunctionForm) -> Block {
    let needs = ReferenceSemantics(program, declared: true).block(body, [], .init()).keys
    let excess = needs.subtracting(contract).sorted()
    guard !excess.isEmpty else { return body }
    var id: Int?
    if case let .member(group, _) = form { id = group }
    if case let .protocolDefault(group) = form { id = group }
    let named = excess.contains { if case .named = $0 { true } else { false } }
    if let id, underDeclared.contains(id), !named {
      underDeclared.remove(id)
      program.byDesign.insert("declared-implicits")
      return body
    }
    return Block(.nested, excess.map { provideStatement($0) } + body.statements)
  }

  /// `@RequiresImplicits` on some public functions, declaring what they need.
  private func generateContracts() {
    guard has(.contracts) else { return }
    let semantics = ReferenceSemantics(program, declared: true)
    for index in program.functions.indices {
      let function = program.functions[index]
      guard function.module != .app, [.free, .staticMethod, .instanceMethod].contains(function.form), chance(0.4) else {
        continue
      }
      program.functions[index].contract = semantics.needs(ofFunction: function.id).keys.sorted()
    }
  }

  private func generateEntry() {
    program.entryUsesWithScope = has(.entryWithScope)
    let context = BodyContext(
      module: .app, caller: nil, canProvide: true, canExit: true, canThrow: false, overriding: nil, depth: 0,
      namedKeys: true)
    var entry = block(context, scope: .root, size: int(2...5))
    entry.statements += generateDrivers(entry).map { .call(CallSite(function: $0, argument: .literal, id: freshID())) }
    let needs = ReferenceSemantics(program).block(entry, [], .init()).keys
    var provided = ReferenceSemantics(program, declared: true).block(entry, [], .init()).keys
    for key in allKeys(namedKeys: true) where chance(0.3) { provided.insert(key) }
    if chance(0.35) && !needs.isEmpty { provided.remove(pick(needs.sorted())) }
    entry.statements = provided.sorted().map { provideStatement($0) } + entry.statements
    program.entry = entry
  }

  func allKeys(namedKeys: Bool) -> [GenKey] {
    program.keyTypes.map(GenKey.type) + (program.subclassKey.map { [.type($0.name)] } ?? [])
      + (namedKeys ? program.namedKeys.map(GenKey.named) : [])
  }

  func provideStatement(_ key: GenKey) -> Statement {
    if case .named = key { return .provide(key, .named, id: freshID()) }
    var forms: [ProvideForm] = [.construct]
    if has(.provideForms) { forms += [.annotated, .explicitKey] }
    if case let .type(name) = key, name == program.subclassKey?.base, has(.subclassKeys) { forms.append(.subclassAsBase) }
    return .provide(key, pick(forms), id: freshID())
  }
}
