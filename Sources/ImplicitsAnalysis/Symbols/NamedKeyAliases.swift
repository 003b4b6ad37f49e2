/// Computed named keys as the names of their stored keys.
///
/// `static var apiBaseURL: Key<URL> { _apiBaseURL }` returns the object of
/// `static let _apiBaseURL`: at run time both names are one key. So they
/// are one key here: every name of one stored key takes the identity of
/// the most visible of them (the widest access; the stored key on a tie,
/// then the first name in order), which is the one other modules name.
enum NamedKeyAliases {
  /// Gives each computed key its stored key's identity (as above), and
  /// returns the errors of computed keys whose stored key is missing or of
  /// another value type. Such a key is dropped: nothing can read it.
  static func link(_ symbols: ModuleSymbols) -> [Diagnostic] {
    guard symbols.namedKeys.values.contains(where: { $0.contains { $0.storedKey != nil } }) else { return [] }
    var diagnostics: [Diagnostic] = []
    var dropped = Set<String>()
    // The stored key each key stands for, by declaration (name and file),
    // and the most visible name of each stored key.
    var storedOf: [String: String] = [:]
    var canonical: [String: NamedKeySymbol] = [:]
    for name in symbols.namedKeys.keys.sorted() {
      for key in symbols.namedKeys[name]! {
        var stored = key
        if let storedName = key.storedKey {
          guard let found = symbols.namedKey(storedName, from: key.file), found.isStored else {
            diagnostics.append(.computedKeyWithoutStoredKey(key.name, stored: storedName, at: key.location))
            dropped.insert(place(key))
            continue
          }
          guard found.valueType == key.valueType else {
            diagnostics.append(
              .computedKeyTypeMismatch(
                key.name, stored: storedName, declared: key.valueType.display, storedType: found.valueType.display,
                at: key.location))
            dropped.insert(place(key))
            continue
          }
          stored = found
        }
        let group = stored.identity.text
        storedOf[place(key)] = group
        if let current = canonical[group], !isMoreVisible(key, than: current) { continue }
        canonical[group] = key
      }
    }
    for name in symbols.namedKeys.keys.sorted() {
      symbols.namedKeys[name] = symbols.namedKeys[name]!.compactMap { key in
        guard !dropped.contains(place(key)) else { return nil }
        var linked = key
        if let group = storedOf[place(key)], let name = canonical[group] { linked.identity = name.identity }
        return linked
      }
      if symbols.namedKeys[name]!.isEmpty { symbols.namedKeys[name] = nil }
    }
    return diagnostics
  }

  /// One declaration of a key: its name and where it is declared.
  private static func place(_ key: NamedKeySymbol) -> String {
    key.identity.text + "@" + key.location.description
  }

  private static func isMoreVisible(_ key: NamedKeySymbol, than other: NamedKeySymbol) -> Bool {
    if key.access != other.access { return key.access > other.access }
    if key.isStored != other.isStored { return key.isStored }
    return key.name < other.name
  }
}
