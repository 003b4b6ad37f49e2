/// A declaration's identity, as keys, interfaces and support files use it:
/// its declaring module, its qualified name there, and, for a declaration
/// no other file can name, where it is declared. This file is the one
/// place that writes an identity as text and reads it back:
/// `Module.Qualified.Name`, followed by the discriminator in parentheses
/// after a space (`App.Config (fileprivate in Settings.swift)`,
/// `App.Step (local in 'run(_:)' in Main.swift #2)`). A type's identity
/// with generic arguments holds its arguments' identities, discriminators
/// and all (`Array<App.Config (fileprivate in A.swift)>`).
package struct DeclarationIdentity: Hashable, Sendable {
  package var module: String
  /// `Outer.Inner`, `apiBaseURL`.
  package var qualifiedName: String
  package var discriminator: IdentityDiscriminator?

  package init(module: String, qualifiedName: String, discriminator: IdentityDiscriminator? = nil) {
    self.module = module
    self.qualifiedName = qualifiedName
    self.discriminator = discriminator
  }

  /// `App.Config (fileprivate in Settings.swift)`.
  package var text: String { module + "." + qualifiedName + (discriminator?.suffix ?? "") }

  /// Reads back an identity `text` wrote; nil for text without a module
  /// (`Int`) or that is no identity.
  package init?(text: String) {
    let (path, discriminator) = IdentityDiscriminator.split(text)
    guard let dot = path.firstIndex(of: ".") else { return nil }
    module = String(path[..<dot])
    qualifiedName = String(path[path.index(after: dot)...])
    self.discriminator = discriminator
  }
}

/// Where a declaration that no other file can name is declared: part of
/// its identity, so that two of one name in different places are
/// different declarations (and keys).
package enum IdentityDiscriminator: Hashable, Sendable {
  /// Declared `private` or `fileprivate` at file level, or nested in such
  /// a declaration: `fileprivate in Settings.swift`.
  case file(access: FileAccess, fileName: String)
  /// Declared in a body: the unit that declares it as notes name it, its
  /// file, and which of the types of that name declared there it is (1 for
  /// the first): `local in 'run(_:)' in Main.swift`, `… #2` for a second.
  case local(unit: String, fileName: String, ordinal: Int)

  package enum FileAccess: String, Sendable {
    case `private`, `fileprivate`
  }

  /// The words in the parentheses: `fileprivate in Settings.swift`.
  package var text: String {
    switch self {
    case .file(let access, let fileName):
      return access.rawValue + " in " + fileName
    case .local(let unit, let fileName, let ordinal):
      return "local in '" + unit + "' in " + fileName + (ordinal > 1 ? " #\(ordinal)" : "")
    }
  }

  /// ` (fileprivate in Settings.swift)`: as the discriminator follows the
  /// qualified name in an identity.
  package var suffix: String { " (" + text + ")" }

  package var isLocal: Bool {
    if case .local = self { return true }
    return false
  }

  /// Reads back `text`.
  package init?(text: some StringProtocol) {
    let text = String(text)
    for access in [FileAccess.private, .fileprivate] where text.hasPrefix(access.rawValue + " in ") {
      self = .file(access: access, fileName: String(text.dropFirst(access.rawValue.count + 4)))
      return
    }
    guard text.hasPrefix("local in '"), let end = Self.lastRange(of: "' in ", in: text[...]) else { return nil }
    let unit = String(text[text.index(text.startIndex, offsetBy: 10)..<end.lowerBound])
    var fileName = text[end.upperBound...]
    var ordinal = 1
    if let mark = Self.lastRange(of: " #", in: fileName), let number = Int(fileName[mark.upperBound...]), number > 1 {
      ordinal = number
      fileName = fileName[..<mark.lowerBound]
    }
    self = .local(unit: unit, fileName: String(fileName), ordinal: ordinal)
  }

  /// Where `needle` last occurs in `text`.
  private static func lastRange(of needle: String, in text: Substring) -> Range<String.Index>? {
    var found: Range<String.Index>?
    var rest = text
    while let next = rest.firstRange(of: needle) {
      found = next
      rest = text[next.upperBound...]
    }
    return found
  }

  /// The words a discriminator's text starts with.
  private static let openings = ["private in ", "fileprivate in ", "local in "]

  /// The discriminator groups of an identity (the space and the
  /// parentheses included), left to right: a group opens with ` (` and one
  /// of the openings, and ends at its matching `)`.
  private static func groups(in identity: String) -> [(range: Range<String.Index>, text: Substring)] {
    guard identity.contains(" (") else { return [] }
    var found: [(range: Range<String.Index>, text: Substring)] = []
    var index = identity.startIndex
    while let open = identity[index...].firstRange(of: " (") {
      let inside = open.upperBound
      guard openings.contains(where: { identity[inside...].hasPrefix($0) }) else {
        index = inside
        continue
      }
      var depth = 1
      var cursor = inside
      while cursor < identity.endIndex, depth > 0 {
        if identity[cursor] == "(" { depth += 1 }
        if identity[cursor] == ")" { depth -= 1 }
        cursor = identity.index(after: cursor)
      }
      let close = depth == 0 ? identity.index(before: cursor) : cursor
      found.append((open.lowerBound..<cursor, identity[inside..<close]))
      index = cursor
    }
    return found
  }

  /// The identity without any discriminator: `Array<App.Config>` for
  /// `Array<App.Config (fileprivate in A.swift)>`.
  package static func removingAll(from identity: String) -> String {
    var result = ""
    var index = identity.startIndex
    for group in groups(in: identity) {
      result += identity[index..<group.range.lowerBound]
      index = group.range.upperBound
    }
    return index == identity.startIndex ? identity : result + identity[index...]
  }

  /// The discriminators an identity holds, left to right.
  package static func all(in identity: String) -> [IdentityDiscriminator] {
    groups(in: identity).compactMap { IdentityDiscriminator(text: $0.text) }
  }

  /// An identity's path and the discriminator that ends it, if any:
  /// `App.apiBaseURL (fileprivate in A.swift)` gives `App.apiBaseURL` and
  /// `fileprivate in A.swift`.
  package static func split(_ identity: String) -> (path: Substring, discriminator: IdentityDiscriminator?) {
    guard let last = groups(in: identity).last, last.range.upperBound == identity.endIndex else {
      return (identity[...], nil)
    }
    return (identity[..<last.range.lowerBound], IdentityDiscriminator(text: last.text))
  }

  /// Whether an identity may hold a discriminator: whether it has a
  /// parenthesized group after a space. Cautious: a tuple after a space
  /// (`(Int) -> (A, B)`, `Dictionary<K, (A, B)>`) counts too, so an
  /// identity this says no to can certainly be written as Swift.
  package static func mayBeIn(_ identity: String) -> Bool { identity.contains(" (") }
}
