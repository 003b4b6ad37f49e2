import Foundation
import ImplicitsInterface

/// Reading JSON into `JSONText`, the one JSON value the tools write: the
/// parsing is Foundation's (`JSONSerialization`), the value ours.
extension JSONText {
  /// The value `bytes` hold; nil when they are not JSON.
  static func parse(_ bytes: [UInt8]) -> JSONText? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
      return nil
    }
    return JSONText(foundation: object)
  }

  private static let booleanType = type(of: NSNumber(value: true))

  private init?(foundation object: Any) {
    switch object {
    case is NSNull: self = .null
    case let text as String: self = .string(text)
    case let number as NSNumber:
      if type(of: number) == Self.booleanType {
        self = .bool(number.boolValue)
      } else if let integer = Int(exactly: number.doubleValue), !"fd".contains(String(cString: number.objCType)) {
        self = .int(integer)
      } else {
        self = .double(number.doubleValue)
      }
    case let array as [Any]:
      var values: [JSONText] = []
      for element in array {
        guard let value = JSONText(foundation: element) else { return nil }
        values.append(value)
      }
      self = .array(values)
    case let dictionary as [String: Any]:
      var values: [String: JSONText] = [:]
      for (key, element) in dictionary {
        guard let value = JSONText(foundation: element) else { return nil }
        values[key] = value
      }
      self = .object(values)
    default: return nil
    }
  }

  subscript(key: String) -> JSONText? {
    if case .object(let values) = self { return values[key] }
    return nil
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  var int: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }

  var array: [JSONText]? {
    if case .array(let values) = self { return values }
    return nil
  }
}
