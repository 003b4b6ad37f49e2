import ImplicitsInterface
import SwiftSyntax

/// Access levels as written; a declaration's effective access is the
/// lowest of its own and its enclosing declarations'.
enum Access: Int, Comparable {
  case `private` = 0, `fileprivate` = 1, `internal` = 2, package = 3, `public` = 4, open = 5

  static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }

  /// How the declaration travels in the interface, if at all.
  var visibility: Visibility? {
    switch self {
    case .private, .fileprivate: nil
    case .internal: .testable
    case .package, .public, .open: .public
    }
  }

  /// Whether only its own file can name the declaration.
  var isFilePrivate: Bool { self <= .fileprivate }

  /// What a declaration of this access in `fileName` carries in its
  /// identity: nil unless only that file can name it.
  func discriminator(inFile fileName: String) -> IdentityDiscriminator? {
    guard isFilePrivate else { return nil }
    return .file(access: self == .private ? .private : .fileprivate, fileName: fileName)
  }

  var word: String {
    switch self {
    case .private: "private"
    case .fileprivate: "fileprivate"
    case .internal: "internal"
    case .package: "package"
    case .public: "public"
    case .open: "open"
    }
  }

  static func from(_ modifiers: DeclModifierListSyntax, default fallback: Access = .internal) -> Access {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private): return .private
      case .keyword(.fileprivate): return .fileprivate
      case .keyword(.internal): return .internal
      case .keyword(.package): return .package
      case .keyword(.public): return .public
      case .keyword(.open): return .open
      default: continue
      }
    }
    return fallback
  }
}
