import ImplicitsFileSystem

/// Reading keys and typed values of the manifest, each problem reported
/// at its place.
extension ManifestDecoder {
  /// The known keys of a mapping; reports keys that are not strings,
  /// duplicates and unknown keys (with the closest known one suggested).
  mutating func checkKeys(_ entries: [YAMLMappingEntry], known: [String], context: String)
    -> [String: YAMLMappingEntry]
  {
    var result: [String: YAMLMappingEntry] = [:]
    var firstLocation: [String: Location] = [:]
    for entry in entries {
      guard let key = entry.key.scalar else {
        report("expected a key name \(context), found \(entry.key.kindDescription)", at: entry.key.location)
        continue
      }
      if let first = firstLocation[key.value] {
        report(
          "duplicate key '\(key.value)' \(context); it is already set at line \(first.line), column \(first.column)",
          at: entry.key.location)
        continue
      }
      firstLocation[key.value] = entry.key.location
      guard known.contains(key.value) else {
        let suggestion = NameSuggestions.closest(to: key.value, among: known)
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of: \(known.joined(separator: ", "))"
        report("unknown key '\(key.value)' \(context)\(hint)", at: entry.key.location)
        continue
      }
      result[key.value] = entry
    }
    return result
  }

  /// A string value, where an empty (null) value counts as absent.
  mutating func optionalString(_ entry: YAMLMappingEntry?, key: String) -> Located<String>? {
    guard let node = entry?.value, node.scalar?.kind != .null else { return nil }
    guard let scalar = node.scalar, scalar.kind == .string else {
      report("expected a string for '\(key)', found \(node.kindDescription)", at: node.location)
      return nil
    }
    return Located(scalar.value, at: node.location)
  }

  mutating func requiredString(
    _ entry: YAMLMappingEntry?, key: String, missing: String, at location: Location
  ) -> Located<String>? {
    guard let entry else {
      report(missing, at: location)
      return nil
    }
    if entry.value.scalar?.kind == .null {
      report("expected a string for '\(key)', found \(entry.value.kindDescription)", at: entry.value.location)
      return nil
    }
    return optionalString(entry, key: key)
  }

  /// An optional directory: absolute, relative to the manifest's directory.
  mutating func optionalPath(_ entry: YAMLMappingEntry?, key: String) -> String? {
    guard let value = optionalString(entry, key: key) else { return nil }
    if value.value.isEmpty {
      report("'\(key)' is empty; leave it out to use the default", at: value.location)
      return nil
    }
    return PathUtilities.absolute(value.value, relativeTo: directory)
  }

  /// A list of strings; `nil` (after reporting) when the value is not one.
  mutating func stringList(_ entry: YAMLMappingEntry, key: String) -> [Located<String>]? {
    let node = entry.value
    guard case .sequence(let items) = node.content else {
      if node.scalar?.kind == .null {
        return []
      }
      var message = "expected a list of strings for '\(key)', found \(node.kindDescription)"
      if let scalar = node.scalar, scalar.kind == .string {
        message += "; write it as a list: [\(scalar.value)]"
      }
      report(message, at: node.location)
      return nil
    }
    var result: [Located<String>] = []
    for item in items {
      guard let scalar = item.scalar, scalar.kind == .string else {
        report("expected a string in '\(key)', found \(item.kindDescription)", at: item.location)
        continue
      }
      result.append(Located(scalar.value, at: item.location))
    }
    return result
  }

  /// An optional list of strings: absent or empty (null) is an empty list.
  mutating func optionalStringList(_ entry: YAMLMappingEntry?, key: String) -> [Located<String>] {
    guard let entry else { return [] }
    return stringList(entry, key: key) ?? []
  }

  /// The mappings of a list such as `modules`; an empty (null) value is an
  /// empty list. Items that are not mappings are reported and left out.
  mutating func mappingList(_ entry: YAMLMappingEntry, of what: String) -> [YAMLNode]? {
    let node = entry.value
    let key = entry.key.scalar?.value ?? ""
    guard case .sequence(let items) = node.content else {
      if node.scalar?.kind == .null { return [] }
      report("expected a list of mappings for '\(key)', found \(node.kindDescription)", at: node.location)
      return nil
    }
    for item in items {
      if case .mapping = item.content { continue }
      report("expected a mapping for each \(what) in '\(key)', found \(item.kindDescription)", at: item.location)
    }
    return items.filter { if case .mapping = $0.content { return true } else { return false } }
  }
}
