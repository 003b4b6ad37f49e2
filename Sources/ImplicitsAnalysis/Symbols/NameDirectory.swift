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

  private var modules: [String] = []
  /// One entry per name and module: the name's 32-bit hash in the high
  /// half, the module's position in `modules` in the low half. Sorted, so
  /// the modules holding a name are adjacent and in look-up order; 8 bytes
  /// a name (a thousand interfaces hold a few hundred thousand names).
  private var entries: [UInt64] = []

  /// Adds the names of the next module in look-up order; `finish()` once
  /// all are added.
  func add(_ names: RecordNames, module: String) {
    let index = UInt64(modules.count)
    modules.append(module)
    let prefix = module + "."
    for identity in names.types {
      add(.type, identity, index)
      if identity.hasPrefix(prefix) { add(.ownType, String(identity.dropFirst(prefix.count)), index) }
    }
    for key in names.functions { add(.function, key, index) }
    for name in names.namedKeys { add(.namedKey, name, index) }
    for name in names.typealiases { add(.typeAlias, name, index) }
  }

  /// Sorts the entries, in an array of just their size: appending left up
  /// to twice the room needed, for as long as the analysis runs.
  func finish() {
    entries.sort()
    var exact: [UInt64] = []
    exact.reserveCapacity(entries.count)
    exact.append(contentsOf: entries)
    entries = exact
  }

  /// The modules that may hold records of `kind` under `name`, in order.
  func modules(_ kind: Kind, _ name: String) -> [String] {
    let hash = Self.hash(kind, name)
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] >> 32 < hash { low = middle + 1 } else { high = middle }
    }
    var result: [String] = []
    var previous: UInt64?
    while low < entries.count, entries[low] >> 32 == hash {
      let module = entries[low] & 0xFFFF_FFFF
      // A module lists a name once per kind, but two names may share a hash.
      if module != previous { result.append(modules[Int(module)]) }
      previous = module
      low += 1
    }
    return result
  }

  private func add(_ kind: Kind, _ name: String, _ module: UInt64) {
    entries.append(Self.hash(kind, name) << 32 | module)
  }

  private static func hash(_ kind: Kind, _ name: String) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(name)
    return UInt64(truncatingIfNeeded: hasher.finalize()) >> 32
  }
}
