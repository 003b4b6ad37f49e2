import ImplicitsFileSystem

/// `implicits interface diff`: the changes between two versions of one
/// module's interface, each classified as breaking or compatible for the
/// modules downstream.
///
/// Breaking: a function that requires more implicits (the added keys are
/// named), a removed function, type, property, named key, typealias or
/// re-export, a named key whose value type changed, a typealias whose
/// target changed, a property whose type changed, a type whose kind or
/// superclass changed or that lost a conformance or became final, a
/// parameter that lost its default value or changed its scope role, a
/// declaration that is no longer public.
///
/// Compatible: fewer requirements (the removed keys are named), new
/// symbols, keys, conformances and re-exports, a default value added, a
/// declaration made public, a class no longer final, a function moved to
/// another file.
///
/// Changes to internal declarations (visible to `@testable import` only)
/// are classified the same way and say that they concern testable
/// importers only.
///
/// Functions are matched by owner, base name, argument labels and
/// static-ness; overloads that differ only in parameter types (which the
/// interface does not record) are paired by similarity.
public struct InterfaceDiff: Sendable, Equatable {
  public struct Change: Sendable, Equatable {
    public var isBreaking: Bool
    /// What changed: `function Feed.load(_:)`, `named key \.apiBaseURL`,
    /// `class Feed.Network`, `property Feed.network`, `re-export Core`.
    public var symbol: String
    /// How it changed: `now requires Analytics, \.apiBaseURL`, `removed`.
    public var description: String

    public init(isBreaking: Bool, symbol: String, description: String) {
      self.isBreaking = isBreaking
      self.symbol = symbol
      self.description = description
    }
  }

  /// Two interfaces of different modules: not comparable.
  public struct ModuleMismatch: ToolError, CustomStringConvertible, Equatable {
    public var oldModule: String
    public var newModule: String
    public var oldPath: String?
    public var newPath: String?

    public var place: String? { nil }

    public var message: String {
      let old = oldPath.map { "'\($0)' describes module '\(oldModule)'" } ?? "the old interface describes module '\(oldModule)'"
      let new = newPath.map { "'\($0)' module '\(newModule)'" } ?? "the new one module '\(newModule)'"
      return "cannot compare interfaces of different modules: \(old) and \(new); "
        + "diff compares two versions of one module's interface"
    }

    public var description: String { message }
  }

  /// The module compared (the new interface's).
  public var module: String
  /// Functions, then types, named keys, typealiases and re-exports, each in
  /// canonical order.
  public var changes: [Change]

  public var hasBreakingChanges: Bool { changes.contains(where: \.isBreaking) }
  public var breakingCount: Int { changes.filter(\.isBreaking).count }
  public var compatibleCount: Int { changes.count - breakingCount }

  /// Throws when the two interfaces describe different modules; callers
  /// report the error instead of diffing.
  public static func checkSameModule(old: InterfaceFile, new: InterfaceFile) throws(ModuleMismatch) {
    guard CanonicalOrder.compare(old.moduleName, new.moduleName) == 0 else {
      throw ModuleMismatch(oldModule: old.moduleName, newModule: new.moduleName, oldPath: old.path, newPath: new.path)
    }
  }

  public static func checkSameModule(old: InterfaceContent, new: InterfaceContent) throws(ModuleMismatch) {
    guard CanonicalOrder.compare(old.moduleName, new.moduleName) == 0 else {
      throw ModuleMismatch(oldModule: old.moduleName, newModule: new.moduleName)
    }
  }

  /// The changes from `old` to `new` (two versions of one module; see
  /// `checkSameModule`).
  public static func compare(old: InterfaceContent, new: InterfaceContent) -> InterfaceDiff {
    var builder = Builder()
    let old = old.normalized()
    let new = new.normalized()
    builder.functions(old.functions, new.functions)
    builder.types(old.types, new.types)
    builder.namedKeys(old.namedKeys, new.namedKeys)
    builder.typealiases(old.typealiases, new.typealiases)
    builder.reexports(old.reexports, new.reexports)
    return InterfaceDiff(module: new.moduleName, changes: builder.changes)
  }

  // MARK: Rendering

  /// One line per change, breaking ones first, then a summary:
  ///
  ///     breaking: function Feed.load(_:): now requires \.apiBaseURL
  ///     compatible: named key \.timeout: added, of type Swift.Double
  ///     1 breaking, 1 compatible changes to module 'Core'
  public var text: String {
    guard !changes.isEmpty else { return "no changes to module '\(module)'\n" }
    var out = ""
    for change in changes.filter(\.isBreaking) + changes.filter({ !$0.isBreaking }) {
      out += "\(change.isBreaking ? "breaking" : "compatible"): \(change.symbol): \(change.description)\n"
    }
    return out
      + "\(breakingCount) breaking, \(compatibleCount) compatible change\(changes.count == 1 ? "" : "s") "
      + "to module '\(module)'\n"
  }

  /// `{"module", "breaking" (any breaking change), "breakingCount",
  /// "compatibleCount", "changes": [{"breaking", "symbol", "description"}]}`,
  /// changes in the order of `changes`.
  public var json: String {
    JSONText.object([
      "module": .string(module),
      "breaking": .bool(hasBreakingChanges),
      "breakingCount": .int(breakingCount),
      "compatibleCount": .int(compatibleCount),
      "changes": .array(
        changes.map {
          .object(["breaking": .bool($0.isBreaking), "symbol": .string($0.symbol), "description": .string($0.description)])
        }),
    ]).rendered
  }
}

// MARK: - Comparison

extension InterfaceDiff {
  fileprivate struct Builder {
    var changes: [Change] = []

    mutating func add(_ breaking: Bool, _ symbol: String, _ description: String) {
      changes.append(Change(isBreaking: breaking, symbol: symbol, description: description))
    }

    /// `before` and `after` grouped by `key` (bytes), exact copies dropped,
    /// the rest paired by `distance`; calls `report` with each pair and
    /// with each unpaired record, groups in key order.
    func match<T>(
      _ before: [T], _ after: [T], key: (T) -> String, same: (T, T) -> Bool, distance: (T, T) -> Int,
      report: (T?, T?) -> Void
    ) {
      var oldGroups: [[UInt8]: [T]] = [:]
      var newGroups: [[UInt8]: [T]] = [:]
      for item in before { oldGroups[Array(key(item).utf8), default: []].append(item) }
      for item in after { newGroups[Array(key(item).utf8), default: []].append(item) }
      let keys = Set(oldGroups.keys).union(newGroups.keys).sorted(by: CanonicalOrder.precedes)
      for groupKey in keys {
        var olds = oldGroups[groupKey] ?? []
        var news = newGroups[groupKey] ?? []
        olds.removeAll { old in
          guard let index = news.firstIndex(where: { same(old, $0) }) else { return false }
          news.remove(at: index)
          return true
        }
        // Closest pairs first; ties keep canonical order.
        while !olds.isEmpty && !news.isEmpty {
          var best = (old: 0, new: 0, distance: Int.max)
          for (i, old) in olds.enumerated() {
            for (j, new) in news.enumerated() where distance(old, new) < best.distance {
              best = (i, j, distance(old, new))
            }
          }
          report(olds.remove(at: best.old), news.remove(at: best.new))
        }
        for old in olds { report(old, nil) }
        for new in news { report(nil, new) }
      }
    }

    /// Whether two strings differ in their bytes (Swift's `!=` would call
    /// canonically equivalent spellings equal, the fingerprint does not).
    static func differ(_ lhs: String?, _ rhs: String?) -> Bool { CanonicalOrder.compare(lhs, rhs) != 0 }

    static func list(_ keys: [ImplicitKeyRef]) -> String { keys.map(\.description).joined(separator: ", ") }

    /// Keys of `lhs` that `rhs` lacks (compared by bytes), in canonical order.
    static func subtracting(_ lhs: [ImplicitKeyRef], _ rhs: [ImplicitKeyRef]) -> [ImplicitKeyRef] {
      lhs.filter { key in !rhs.contains { CanonicalOrder.key(key) == CanonicalOrder.key($0) } }
    }

    static func subtracting(_ lhs: [String], _ rhs: [String]) -> [String] {
      lhs.filter { name in !rhs.contains { CanonicalOrder.compare(name, $0) == 0 } }
    }

    mutating func visibility(_ before: Visibility, _ after: Visibility, _ symbol: String) {
      if before == .public && after == .testable {
        add(true, symbol, "is no longer public (now internal: visible to @testable importers only)")
      }
      if before == .testable && after == .public { add(false, symbol, "is now public") }
    }

    // MARK: Functions

    mutating func functions(_ before: [FunctionDecl], _ after: [FunctionDecl]) {
      var found: [(FunctionDecl?, FunctionDecl?)] = []
      match(
        before, after, key: \.sortKey, same: { CanonicalOrder.key($0) == CanonicalOrder.key($1) },
        distance: { old, new in
          Self.subtracting(old.requirements, new.requirements).count + Self.subtracting(new.requirements, old.requirements).count
            + (Self.differ(old.file, new.file) ? 1 : 0) + (old.kind == new.kind ? 0 : 1) + (old.visibility == new.visibility ? 0 : 1)
            + (Self.differ(old.returnType, new.returnType) ? 1 : 0) + (old.isFailable == new.isFailable ? 0 : 1)
            + zip(old.parameters, new.parameters).filter { $0 != $1 }.count
        },
        report: { found.append(($0, $1)) })
      for (old, new) in found { function(old, new) }
    }

    private mutating func function(_ before: FunctionDecl?, _ after: FunctionDecl?) {
      switch (before, after) {
      case (let old?, nil):
        add(true, "function \(old.displayName)", "removed" + Self.testableNote(old.visibility))
      case (nil, let new?):
        let requires = new.requirements.isEmpty ? "nothing" : Self.list(new.requirements)
        add(false, "function \(new.displayName)", "added, requires \(requires)" + Self.testableNote(new.visibility))
      case (let old?, let new?):
        let symbol = "function \(new.displayName)"
        // Changes other than visibility concern only testable importers
        // when the function is internal after the change.
        let note = Self.testableNote(new.visibility)
        let gained = Self.subtracting(new.requirements, old.requirements)
        let lost = Self.subtracting(old.requirements, new.requirements)
        if !gained.isEmpty { add(true, symbol, "now requires \(Self.list(gained))" + note) }
        if !lost.isEmpty { add(false, symbol, "no longer requires \(Self.list(lost))" + note) }
        if old.kind != new.kind { add(true, symbol, "was a \(old.kind.word), now a \(new.kind.word)" + note) }
        for (index, (was, now)) in zip(old.parameters, new.parameters).enumerated() {
          let name = "parameter \(index + 1) (\(now.label ?? "_"))"
          if was.hasDefault && !now.hasDefault { add(true, symbol, "\(name) no longer has a default value" + note) }
          if !was.hasDefault && now.hasDefault { add(false, symbol, "\(name) now has a default value" + note) }
          if was.isScope && !now.isScope { add(true, symbol, "\(name) is no longer the scope parameter" + note) }
          if !was.isScope && now.isScope { add(true, symbol, "\(name) is now the scope parameter" + note) }
          if Self.differ(was.type, now.type) {
            // Downstream calls may pick another overload.
            add(true, symbol, "\(name) changed type from \(was.type ?? "unknown") to \(now.type ?? "unknown")" + note)
          }
          if was.runsDuringCall && !now.runsDuringCall {
            add(true, symbol, "\(name) no longer runs its closure in place" + note)
          }
          if !was.runsDuringCall && now.runsDuringCall { add(false, symbol, "\(name) now runs its closure in place" + note) }
        }
        visibility(old.visibility, new.visibility, symbol)
        if Self.differ(old.returnType, new.returnType) {
          // Downstream code may take a key or a receiver's type from it.
          add(true, symbol, "result type changed from \(old.returnType ?? "none") to \(new.returnType ?? "none")" + note)
        }
        if !old.isFailable && new.isFailable { add(true, symbol, "is now failable" + note) }
        if old.isFailable && !new.isFailable { add(true, symbol, "is no longer failable" + note) }
        if Self.differ(old.file, new.file) { add(false, symbol, "moved from \(old.file) to \(new.file)" + note) }
      case (nil, nil):
        break
      }
    }

    static func testableNote(_ visibility: Visibility) -> String {
      visibility == .testable ? " (internal: concerns @testable importers only)" : ""
    }

    // MARK: Types

    mutating func types(_ before: [TypeDecl], _ after: [TypeDecl]) {
      var found: [(TypeDecl?, TypeDecl?)] = []
      match(
        before, after, key: \.qualifiedName, same: { CanonicalOrder.key($0) == CanonicalOrder.key($1) },
        distance: { old, new in (old.kind == new.kind ? 0 : 2) + (Self.differ(old.superclass, new.superclass) ? 1 : 0) },
        report: { found.append(($0, $1)) })
      for (old, new) in found { type(old, new) }
    }

    private mutating func type(_ before: TypeDecl?, _ after: TypeDecl?) {
      switch (before, after) {
      case (let old?, nil):
        add(true, "\(old.kind.word) \(old.qualifiedName)", "removed" + Self.testableNote(old.visibility))
      case (nil, let new?):
        add(false, "\(new.kind.word) \(new.qualifiedName)", "added" + Self.testableNote(new.visibility))
      case (let old?, let new?):
        let name = new.qualifiedName
        let symbol = "\(new.kind.word) \(name)"
        let note = Self.testableNote(new.visibility)
        if old.kind != new.kind { add(true, symbol, "was a \(old.kind.word)" + note) }
        if Self.differ(old.superclass, new.superclass) {
          add(true, symbol, "superclass changed from \(old.superclass ?? "none") to \(new.superclass ?? "none")" + note)
        }
        if !old.isFinal && new.isFinal { add(true, symbol, "is now final" + note) }
        if old.isFinal && !new.isFinal { add(false, symbol, "is no longer final" + note) }
        let lost = Self.subtracting(old.conformances, new.conformances)
        let gained = Self.subtracting(new.conformances, old.conformances)
        if !lost.isEmpty { add(true, symbol, "no longer conforms to \(lost.joined(separator: ", "))" + note) }
        if !gained.isEmpty { add(false, symbol, "now conforms to \(gained.joined(separator: ", "))" + note) }
        visibility(old.visibility, new.visibility, symbol)
        properties(of: name, old.properties, new.properties)
      case (nil, nil):
        break
      }
    }

    private mutating func properties(of owner: String, _ before: [PropertyDecl], _ after: [PropertyDecl]) {
      var found: [(PropertyDecl?, PropertyDecl?)] = []
      match(
        before, after, key: { ($0.isStatic ? "static " : "") + $0.name }, same: { CanonicalOrder.key($0) == CanonicalOrder.key($1) },
        distance: { old, new in Self.differ(old.type, new.type) ? 1 : 0 }, report: { found.append(($0, $1)) })
      for (old, new) in found {
        guard let property = new ?? old else { continue }
        let symbol = "\(property.isStatic ? "static " : "")property \(owner).\(property.name)"
        switch (old, new) {
        case (let old?, nil):
          add(true, symbol, "removed" + Self.testableNote(old.visibility))
        case (nil, let new?):
          add(false, symbol, "added, of type \(new.type)" + Self.testableNote(new.visibility))
        case (let old?, let new?):
          if Self.differ(old.type, new.type) {
            add(true, symbol, "type changed from \(old.type) to \(new.type)" + Self.testableNote(new.visibility))
          }
          visibility(old.visibility, new.visibility, symbol)
        case (nil, nil):
          break
        }
      }
    }

    // MARK: Keys, typealiases, re-exports

    mutating func namedKeys(_ before: [NamedKeyDecl], _ after: [NamedKeyDecl]) {
      var found: [(NamedKeyDecl?, NamedKeyDecl?)] = []
      match(
        before, after, key: \.name, same: { CanonicalOrder.key($0) == CanonicalOrder.key($1) },
        distance: { old, new in Self.differ(old.valueType, new.valueType) ? 1 : 0 }, report: { found.append(($0, $1)) })
      for (old, new) in found {
        guard let key = new ?? old else { continue }
        let symbol = "named key \\.\(key.name)"
        switch (old, new) {
        case (let old?, nil):
          add(true, symbol, "removed" + Self.testableNote(old.visibility))
        case (nil, let new?):
          add(false, symbol, "added, of type \(new.valueType)" + Self.testableNote(new.visibility))
        case (let old?, let new?):
          if Self.differ(old.valueType, new.valueType) {
            add(true, symbol, "value type changed from \(old.valueType) to \(new.valueType)" + Self.testableNote(new.visibility))
          }
          visibility(old.visibility, new.visibility, symbol)
        case (nil, nil):
          break
        }
      }
    }

    mutating func typealiases(_ before: [TypealiasDecl], _ after: [TypealiasDecl]) {
      var found: [(TypealiasDecl?, TypealiasDecl?)] = []
      match(
        before, after, key: \.qualifiedName, same: { CanonicalOrder.key($0) == CanonicalOrder.key($1) },
        distance: { old, new in Self.differ(old.target, new.target) ? 1 : 0 }, report: { found.append(($0, $1)) })
      for (old, new) in found {
        guard let alias = new ?? old else { continue }
        let symbol = "typealias \(alias.qualifiedName)"
        switch (old, new) {
        case (let old?, nil):
          add(true, symbol, "removed" + Self.testableNote(old.visibility))
        case (nil, let new?):
          add(false, symbol, "added, for \(new.target)" + Self.testableNote(new.visibility))
        case (let old?, let new?):
          if Self.differ(old.target, new.target) {
            add(true, symbol, "target changed from \(old.target) to \(new.target)" + Self.testableNote(new.visibility))
          }
          visibility(old.visibility, new.visibility, symbol)
        case (nil, nil):
          break
        }
      }
    }

    mutating func reexports(_ before: [String], _ after: [String]) {
      for name in Self.subtracting(before, after) { add(true, "re-export \(name)", "no longer re-exported") }
      for name in Self.subtracting(after, before) { add(false, "re-export \(name)", "now re-exported") }
    }
  }
}
