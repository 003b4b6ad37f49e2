/// How `dump` and `diff` spell the model's enumerations.

extension Visibility {
  /// `public`, or `internal` for a declaration visible to `@testable import`.
  public var word: String { self == .public ? "public" : "internal" }
}

extension TypeDecl.Kind {
  /// The declaration keyword: `struct`, `class`, `enum`, `actor`,
  /// `protocol`, `extension`.
  public var word: String {
    switch self {
    case .struct: "struct"
    case .class: "class"
    case .enum: "enum"
    case .actor: "actor"
    case .protocol: "protocol"
    case .extension: "extension"
    }
  }

  /// Whether every type of this kind is final (cannot be subclassed).
  var isAlwaysFinal: Bool { self == .struct || self == .enum || self == .actor }
}

extension FunctionDecl.Kind {
  /// `function`, `initializer`, `subscript`.
  public var word: String {
    switch self {
    case .function: "function"
    case .initializer: "initializer"
    case .subscript: "subscript"
    }
  }
}

extension ImplicitKeyRef.Kind {
  /// `type` or `named`.
  public var word: String { self == .type ? "type" : "named" }
}

extension FunctionDecl {
  /// `Owner.name(labels:)`, with `static ` before the name of a static
  /// member of any kind: `Feed.static load(_:)`.
  var displayName: String {
    (owner.map { $0 + "." } ?? "") + (isStatic ? "static " : "") + signature
  }
}
