import Foundation

/// `implicits interface diff`: the changes between two versions of one
/// module's interface, each breaking or compatible.
///
/// Breaking: a function that now requires more implicits, a removed
/// function, type, named key, typealias or re-export, a named key whose
/// type changed, a typealias whose target changed, less visibility.
/// Compatible: fewer requirements, new symbols, new keys, more visibility.
public struct InterfaceDiff: Sendable {
  public struct Change: Sendable, Equatable {
    public var isBreaking: Bool
    /// What changed: `function Feed.load(_:)`, `named key \.apiBaseURL`.
    public var symbol: String
    public var description: String
  }

  public var module: String
  public var changes: [Change]

  public var hasBreakingChanges: Bool { changes.contains(where: \.isBreaking) }

  public static func compare(old: InterfaceContent, new: InterfaceContent) -> InterfaceDiff {
    let old = old.normalized()
    let new = new.normalized()
    var changes: [Change] = []
    func add(_ breaking: Bool, _ symbol: String, _ description: String) {
      changes.append(Change(isBreaking: breaking, symbol: symbol, description: description))
    }

    let oldFunctions = Dictionary(old.functions.map { ($0.sortKey, $0) }, uniquingKeysWith: { a, _ in a })
    let newFunctions = Dictionary(new.functions.map { ($0.sortKey, $0) }, uniquingKeysWith: { a, _ in a })
    for key in Set(oldFunctions.keys).union(newFunctions.keys).sorted() {
      switch (oldFunctions[key], newFunctions[key]) {
      case (let before?, nil):
        add(true, "function \(before.qualifiedSignature)", "removed")
      case (nil, let after?):
        add(false, "function \(after.qualifiedSignature)", "added, requires \(list(after.requirements))")
      case (let before?, let after?):
        let symbol = "function \(after.qualifiedSignature)"
        let added = Set(after.requirements).subtracting(before.requirements).sorted()
        let removed = Set(before.requirements).subtracting(after.requirements).sorted()
        if !added.isEmpty { add(true, symbol, "now requires \(list(added))") }
        if !removed.isEmpty { add(false, symbol, "no longer requires \(list(removed))") }
        visibility(before.visibility, after.visibility, symbol, add)
      default:
        break
      }
    }

    let oldTypes = Dictionary(old.types.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
    let newTypes = Dictionary(new.types.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
    for name in Set(oldTypes.keys).union(newTypes.keys).sorted() {
      switch (oldTypes[name], newTypes[name]) {
      case (let before?, nil): add(true, "\(before.kind.word) \(name)", "removed")
      case (nil, let after?): add(false, "\(after.kind.word) \(name)", "added")
      case (let before?, let after?):
        let symbol = "\(after.kind.word) \(name)"
        if before.kind != after.kind { add(true, symbol, "was a \(before.kind.word)") }
        if before.superclass != after.superclass {
          add(true, symbol, "superclass changed from \(before.superclass ?? "none") to \(after.superclass ?? "none")")
        }
        let lostConformances = Set(before.conformances).subtracting(after.conformances).sorted()
        if !lostConformances.isEmpty { add(true, symbol, "no longer conforms to \(lostConformances.joined(separator: ", "))") }
        let oldProperties = Dictionary(before.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for property in after.properties where oldProperties[property.name]?.type != property.type {
          if let previous = oldProperties[property.name] {
            add(true, "property \(name).\(property.name)", "type changed from \(previous.type) to \(property.type)")
          }
        }
        for property in before.properties where !after.properties.contains(where: { $0.name == property.name }) {
          add(true, "property \(name).\(property.name)", "removed")
        }
        visibility(before.visibility, after.visibility, symbol, add)
      default: break
      }
    }

    let oldKeys = Dictionary(old.namedKeys.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let newKeys = Dictionary(new.namedKeys.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for name in Set(oldKeys.keys).union(newKeys.keys).sorted() {
      let symbol = "named key \\.\(name)"
      switch (oldKeys[name], newKeys[name]) {
      case (.some, nil): add(true, symbol, "removed")
      case (nil, let after?): add(false, symbol, "added, of type \(after.valueType)")
      case (let before?, let after?):
        if before.valueType != after.valueType {
          add(true, symbol, "type changed from \(before.valueType) to \(after.valueType)")
        }
        visibility(before.visibility, after.visibility, symbol, add)
      default: break
      }
    }

    let oldAliases = Dictionary(old.typealiases.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
    let newAliases = Dictionary(new.typealiases.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
    for name in Set(oldAliases.keys).union(newAliases.keys).sorted() {
      let symbol = "typealias \(name)"
      switch (oldAliases[name], newAliases[name]) {
      case (.some, nil): add(true, symbol, "removed")
      case (nil, .some): add(false, symbol, "added")
      case (let before?, let after?):
        if before.target != after.target { add(true, symbol, "target changed from \(before.target) to \(after.target)") }
        visibility(before.visibility, after.visibility, symbol, add)
      default: break
      }
    }

    for name in Set(old.reexports).subtracting(new.reexports).sorted() { add(true, "re-export \(name)", "removed") }
    for name in Set(new.reexports).subtracting(old.reexports).sorted() { add(false, "re-export \(name)", "added") }
    return InterfaceDiff(module: new.moduleName, changes: changes)
  }

  private static func visibility(
    _ before: Visibility, _ after: Visibility, _ symbol: String, _ add: (Bool, String, String) -> Void
  ) {
    if before == .public && after == .testable { add(true, symbol, "is no longer public") }
    if before == .testable && after == .public { add(false, symbol, "is now public") }
  }

  private static func list(_ keys: [ImplicitKeyRef]) -> String {
    keys.isEmpty ? "nothing" : keys.map(\.description).joined(separator: ", ")
  }

  /// One line per change, breaking ones first, then a verdict.
  public var text: String {
    var out = ""
    let ordered = changes.filter(\.isBreaking) + changes.filter { !$0.isBreaking }
    for change in ordered {
      out += "\(change.isBreaking ? "breaking" : "compatible"): \(change.symbol): \(change.description)\n"
    }
    let breaking = changes.filter(\.isBreaking).count
    if changes.isEmpty {
      out += "no changes to module '\(module)'\n"
    } else {
      out += "\(breaking) breaking, \(changes.count - breaking) compatible change\(changes.count == 1 ? "" : "s") to module '\(module)'\n"
    }
    return out
  }

  public var json: String {
    let object: [String: Any] = [
      "module": module,
      "breaking": hasBreakingChanges,
      "changes": changes.map { ["breaking": $0.isBreaking, "symbol": $0.symbol, "description": $0.description] as [String: Any] },
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
