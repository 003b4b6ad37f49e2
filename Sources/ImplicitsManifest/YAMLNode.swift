/// The small YAML node tree the manifest is validated on: scalars, sequences
/// and mappings, each with the position where it starts. Anchors, aliases,
/// tags and multiple documents are rejected by `YAMLReader`, so a tree is
/// always a plain tree.
struct YAMLNode: Sendable, Equatable {
  enum Content: Sendable, Equatable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode])
    case mapping([YAMLMappingEntry])
  }

  var content: Content
  /// Where the node starts (1-based).
  var location: Location

  static func scalar(_ value: String, plain: Bool = true, at location: Location) -> YAMLNode {
    YAMLNode(content: .scalar(YAMLScalar(value: value, isPlain: plain)), location: location)
  }

  /// The node's text when it is a scalar.
  var scalar: YAMLScalar? {
    if case .scalar(let scalar) = content { return scalar }
    return nil
  }

  /// What the node is, for error messages: "a string", "a list", ...
  var kindDescription: String {
    switch content {
    case .scalar(let scalar): return scalar.kind.description
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }
}

/// One `key: value` pair of a mapping, in the order written.
struct YAMLMappingEntry: Sendable, Equatable {
  var key: YAMLNode
  var value: YAMLNode
}

/// A scalar's text and whether it was written plain (unquoted, not a block
/// scalar). Only plain scalars are resolved to null, booleans and numbers.
struct YAMLScalar: Sendable, Equatable {
  var value: String
  var isPlain: Bool

  /// What the scalar means under the YAML 1.2 core schema, the one editors
  /// (yaml-language-server) use.
  enum Kind: Sendable, Equatable, CustomStringConvertible {
    case null, boolean, integer, float, string

    var description: String {
      switch self {
      case .null: return "an empty value (null)"
      case .boolean: return "a boolean"
      case .integer: return "an integer"
      case .float: return "a number"
      case .string: return "a string"
      }
    }
  }

  var kind: Kind {
    guard isPlain else { return .string }
    // Most scalars are names and paths: one that starts with a letter no
    // keyword starts with is a string without the tests below.
    if let first = value.utf8.first, Self.startsOnlyStrings(first) { return .string }
    switch value {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE", "false", "False", "FALSE": return .boolean
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
      ".nan", ".NaN", ".NAN":
      return .float
    default: break
    }
    if integerValue != nil || Self.isRadixInteger(value) { return .integer }
    if Self.isDecimalFloat(value) { return .float }
    return .string
  }

  /// Whether a plain scalar starting with `byte` can only be a string: an
  /// ASCII letter other than those of `null`, `true` and `false`, `/`, `_`.
  private static func startsOnlyStrings(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
      return false
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "/"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// The value of a plain decimal integer scalar (`1`, `-3`, `+7`).
  var integerValue: Int? {
    guard isPlain, let first = value.utf8.first else { return nil }
    let digits = (first == UInt8(ascii: "-") || first == UInt8(ascii: "+")) ? value.utf8.dropFirst() : value.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(value)
  }

  private static func isRadixInteger(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "0") else { return false }
    let body = bytes[2...]
    switch bytes[1] {
    case UInt8(ascii: "o"): return body.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
    case UInt8(ascii: "x"):
      return body.allSatisfy {
        ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
          || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F"))
      }
    default: return false
    }
  }

  /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
  private static func isDecimalFloat(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func digits() -> Int {
      let count = bytes.prefix(while: isDigit).count
      bytes = bytes.dropFirst(count)
      return count
    }
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    let integerDigits = digits()
    var fractionDigits = 0
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      fractionDigits = digits()
    }
    guard integerDigits > 0 || fractionDigits > 0 else { return false }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
