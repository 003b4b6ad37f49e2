/// A JSON value, rendered deterministically: object keys sorted by their
/// UTF-8 bytes, two-space indentation, strings escaped per RFC 8259 (and
/// nothing else escaped), numbers in their shortest exact form, a final
/// newline. Every JSON the tool writes (dumps, diffs, diagnostics, SARIF,
/// graphs, build reports, module states) is rendered by it.
public indirect enum JSONText: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  /// Not finite: rendered as `null`.
  case double(Double)
  case string(String)
  case array([JSONText])
  case object([String: JSONText])

  /// Seconds rounded to the millisecond, as reports show them.
  public static func seconds(_ value: Double) -> JSONText { .double((value * 1000).rounded() / 1000) }

  /// The value, pretty-printed, followed by a newline.
  public var rendered: String {
    var out = ""
    write(into: &out, indent: "")
    return out + "\n"
  }

  /// The value on one line, without spaces between tokens, followed by a
  /// newline: for large records no person reads.
  public var renderedCompactly: String {
    var out = ""
    write(into: &out, indent: nil)
    return out + "\n"
  }

  /// Pretty-printed with `indent` before the value's inner lines; compact
  /// when `indent` is nil.
  private func write(into out: inout String, indent: String?) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if !value.isFinite {
        out += "null"
      } else if value == value.rounded(), abs(value) < 1e15 {
        out += String(Int(value))
      } else {
        out += String(value)
      }
    case .string(let value): JSONText.escape(value, into: &out)
    case .array(let values):
      guard !values.isEmpty else {
        out += "[]"
        return
      }
      let inner = indent.map { $0 + "  " }
      out += inner == nil ? "[" : "[\n"
      for (index, value) in values.enumerated() {
        if index > 0 { out += inner == nil ? "," : ",\n" }
        out += inner ?? ""
        value.write(into: &out, indent: inner)
      }
      out += indent.map { "\n" + $0 } ?? ""
      out += "]"
    case .object(let members):
      guard !members.isEmpty else {
        out += "{}"
        return
      }
      let inner = indent.map { $0 + "  " }
      out += inner == nil ? "{" : "{\n"
      let keys = members.keys.sorted { CanonicalOrder.compare($0, $1) < 0 }
      for (index, key) in keys.enumerated() {
        if index > 0 { out += inner == nil ? "," : ",\n" }
        out += inner ?? ""
        JSONText.escape(key, into: &out)
        out += inner == nil ? ":" : ": "
        members[key]!.write(into: &out, indent: inner)
      }
      out += indent.map { "\n" + $0 } ?? ""
      out += "}"
    }
  }

  package static func escape(_ string: String, into out: inout String) {
    out += "\""
    // Most strings (names, paths) need no escape: appended whole.
    if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      out += string
      out += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
