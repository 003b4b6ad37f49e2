import ImplicitsInterface

/// How diagnostics name keys: by their short name (`Config`, `\\.apiBaseURL`),
/// and by their qualified one (`Core.Config`, `App.Config (fileprivate in
/// A.swift)`, `\\.apiBaseURL (Core)`) where two keys the module meets would
/// read the same. The names are made when first asked for: a module
/// without diagnostics needs them for its chains only, after its
/// interface was handed on.
struct KeyNamer {
  /// The names, made once, on the thread of the analysis.
  private final class Names {
    private var make: (() -> [ImplicitKeyRef: String])?
    private var made: [ImplicitKeyRef: String] = [:]

    init(_ make: @escaping () -> [ImplicitKeyRef: String]) {
      self.make = make
    }

    var names: [ImplicitKeyRef: String] {
      if let make {
        made = make()
        self.make = nil
      }
      return made
    }
  }

  private let names: Names
  private let moduleNames: ModuleNames

  /// Names the keys `keys` gives, when first asked.
  private init(moduleNames: ModuleNames, keys: @escaping () -> [ImplicitKeyRef]) {
    self.moduleNames = moduleNames
    names = Names {
      var byShort: [String: Set<ImplicitKeyRef>] = [:]
      for key in keys() { byShort[Self.shortName(key, moduleNames: moduleNames), default: []].insert(key) }
      var names: [ImplicitKeyRef: String] = [:]
      for (short, group) in byShort {
        for key in group { names[key] = group.count == 1 ? short : Self.qualifiedName(key) }
      }
      return names
    }
  }

  /// Names every key the module's code meets: read, provided, required by
  /// a unit or an upstream function it calls, held by a bag.
  init(meeting bodies: ModuleBodies, _ solved: SolvedRequirements, table: KeyTable, moduleNames: ModuleNames) {
    self.init(moduleNames: moduleNames) { Array(Self.keys(meeting: bodies, solved, table: table)) }
  }

  private static func keys(meeting bodies: ModuleBodies, _ solved: SolvedRequirements, table: KeyTable) -> Set<ImplicitKeyRef> {
    var keys = Set<ImplicitKeyRef>()
    func visit(_ events: [Event]) {
      for event in events {
        switch event {
        case .read(let key, _, _), .provide(let key, _): keys.insert(key)
        case .call(let call):
          if case .upstream(let function) = call.target { keys.formUnion(function.requirements.lazy.map { table[$0] }) }
        case .scope(let scope): visit(scope.events)
        case .capture, .provideAnything: break
        }
      }
    }
    for unit in bodies.graph.units {
      visit(bodies.graph.events(of: unit))
      keys.formUnion(solved.requirements(of: unit).keys)
    }
    for bag in bodies.bags { keys.formUnion(solved.keys(of: bag).keys) }
    return keys
  }

  func name(_ key: ImplicitKeyRef) -> String {
    names.names[key] ?? Self.shortName(key, moduleNames: moduleNames)
  }

  static func shortName(_ key: ImplicitKeyRef, moduleNames: ModuleNames) -> String {
    switch key.kind {
    case .named:
      return "\\." + key.name
    case .type:
      let text = IdentityDiscriminator.removingAll(from: key.spelling)
      return SemanticType.parse(text, moduleNames: moduleNames).display
    }
  }

  static func qualifiedName(_ key: ImplicitKeyRef) -> String {
    switch key.kind {
    case .named:
      let identity = DeclarationIdentity(text: key.spelling)
      let module = identity?.module ?? String(IdentityDiscriminator.split(key.spelling).path)
      return "\\." + key.name + " (\(module)" + (identity?.discriminator.map { "," + $0.text } ?? "") + ")"
    case .type:
      return key.spelling
    }
  }
}
