import ImplicitsInterface

/// For each name, the visible modules whose interfaces hold records under
/// it, in look-up order. Built once per analysis from the interfaces'
/// indexes (no record is decoded), so that a look-up probes only the
/// modules that can answer it: a module that imports a thousand others
/// would otherwise search a thousand interfaces for every name it uses.
///
/// Names are kept as hashes: a module that imports a thousand others sees
/// hundreds of thousands of names, and the directory must not hold them
/// all as strings. A collision only adds a module to probe; the probe
/// itself compares the name.
final class NameDirectory {
  enum Kind: UInt8 {
    /// Type and extension identities (`Core.Config`).
    case type
    /// Type names relative to the module that declares them (`Config` in `Core`).
    case ownType
    /// `FunctionDecl.lookupKey`s.
    case function
    case namedKey
    case typeAlias
  }

  private let modules: [String]
  /// The first module (an index into `modules`) holding each name.
  private var first: [Int: Int32] = [:]
  /// The other modules holding it, in order, for the few names several hold.
  private var others: [Int: [Int32]] = [:]

  init(modules: [String], interfaces: [String: any UpstreamInterface]) {
    self.modules = modules
    for (position, module) in modules.enumerated() {
      guard let names = interfaces[module]?.recordNames() else { continue }
      let index = Int32(position)
      let prefix = module + "."
      for identity in names.types {
        add(.type, identity, index)
        if identity.hasPrefix(prefix) { add(.ownType, String(identity.dropFirst(prefix.count)), index) }
      }
      for key in names.functions { add(.function, key, index) }
      for name in names.namedKeys { add(.namedKey, name, index) }
      for name in names.typealiases { add(.typeAlias, name, index) }
    }
  }

  /// The modules that may hold records of `kind` under `name`, in order.
  func modules(_ kind: Kind, _ name: String) -> [String] {
    let key = Self.key(kind, name)
    guard let head = first[key] else { return [] }
    var result = [modules[Int(head)]]
    for index in others[key] ?? [] { result.append(modules[Int(index)]) }
    return result
  }

  private func add(_ kind: Kind, _ name: String, _ module: Int32) {
    let key = Self.key(kind, name)
    guard let head = first[key] else {
      first[key] = module
      return
    }
    // A module lists a name once per kind, but two names may share a hash.
    if head != module && others[key]?.last != module { others[key, default: []].append(module) }
  }

  private static func key(_ kind: Kind, _ name: String) -> Int {
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(name)
    return hasher.finalize()
  }
}
