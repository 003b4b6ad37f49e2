/// Which initializers of the standard library's, Foundation's and the
/// Apple UI frameworks' types are failable (`init?`), for keys inferred
/// from `T(…)` when the analyzer cannot see `T`'s declaration. Every
/// initializer not listed is taken as not failable; one listed as
/// depending on its argument's type (`Int(_:)`: `Int("5")` is failable,
/// `Int(5.0)` is not) is failable only when that argument's type is
/// known, and an error asks for an annotation when it is not.
///
/// The table is in docs/user-guide.md ("Failable initializers").
struct FailableInitializers {
  enum Answer: Equatable {
    case failable
    case notFailable
    /// Depends on the type of the first argument, which is not known.
    case unknown
  }

  /// Integer and floating-point types, whose `init(_:)` is failable from a
  /// string and not from a number.
  static let numericTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
    "Double", "Float", "Float16", "Float32", "Float64", "Float80",
  ]

  static let stringTypes: Set<String> = ["String", "Substring"]

  /// Failable initializers by type, as argument labels (`_` for none).
  static let table: [String: Set<String>] = [
    "String": [
      "data:encoding:", "bytes:encoding:", "validatingUTF8:", "validatingCString:", "utf8String:", "validating:",
      "validating:as:", "cString:encoding:", "bytesNoCopy:length:encoding:freeWhenDone:", "contentsOfFile:usedEncoding:",
    ],
    "URL": [
      "string:", "string:relativeTo:", "string:encodingInvalidCharacters:", "dataRepresentation:relativeTo:",
      "dataRepresentation:relativeTo:isAbsolute:",
    ],
    "URLComponents": ["string:", "url:resolvingAgainstBaseURL:", "string:encodingInvalidCharacters:"],
    "UUID": ["uuidString:"],
    "Data": ["base64Encoded:", "base64Encoded:options:"],
    "Decimal": ["string:", "string:locale:"],
    "TimeZone": ["identifier:", "abbreviation:", "secondsFromGMT:"],
    "Bundle": ["identifier:", "path:", "url:"],
    "UserDefaults": ["suiteName:"],
    "FileHandle": ["forReadingAtPath:", "forWritingAtPath:", "forUpdatingAtPath:"],
    "InputStream": ["fileAtPath:", "url:", "data:"],
    "OutputStream": ["toFileAtPath:append:", "url:append:"],
    "NSURL": ["string:", "string:relativeTo:"],
    "NSData": ["contentsOfFile:", "contentsOf:", "base64Encoded:", "base64Encoded:options:"],
    "NSString": ["contentsOfFile:encoding:", "utf8String:", "data:encoding:"],
    "HTTPURLResponse": ["url:statusCode:httpVersion:headerFields:"],
    "Range": ["_:in:"],
    "NSRange": [],
    "UIImage": [
      "named:", "named:in:compatibleWith:", "named:in:with:", "data:", "data:scale:", "contentsOfFile:", "systemName:",
      "systemName:withConfiguration:", "systemName:compatibleWith:",
    ],
    "NSImage": ["named:", "contentsOf:", "data:", "contentsOfFile:", "systemSymbolName:accessibilityDescription:"],
    "UIColor": ["named:", "named:in:compatibleWith:"],
    "NSColor": ["named:", "named:bundle:"],
    "UIFont": ["name:size:"],
    "NSFont": ["name:size:"],
    "NSDataAsset": ["name:", "name:bundle:"],
    "Regex": [],
  ]

  /// Whether `T(labels…)` is failable, `type` being the path of a type the
  /// analyzer knows no declaration of.
  func answer(type: String, labels: [String?], firstArgument: SemanticType?) -> Answer {
    let signature = labels.map { ($0 ?? "_") + ":" }.joined()
    if Self.numericTypes.contains(type) {
      switch signature {
      case "_:radix:", "exactly:": return .failable
      case "_:": return numericOrString(firstArgument)
      default: return .notFailable
      }
    }
    if type == "Bool", signature == "_:" { return firstArgument.map { isString($0) ? .failable : .notFailable } ?? .unknown }
    if type == "Unicode.Scalar" || type == "UnicodeScalar", signature == "_:" {
      guard let argument = firstArgument?.nominal?.path else { return .unknown }
      return argument == "UInt8" || argument == "Character" ? .notFailable : .failable
    }
    return Self.table[type]?.contains(signature) == true ? .failable : .notFailable
  }

  private func numericOrString(_ argument: SemanticType?) -> Answer {
    guard let argument else { return .unknown }
    if isString(argument) { return .failable }
    if let path = argument.nominal?.path, Self.numericTypes.contains(path) || path == "CGFloat" { return .notFailable }
    return .unknown
  }

  private func isString(_ type: SemanticType) -> Bool {
    type.nominal.map { Self.stringTypes.contains($0.path) } ?? false
  }
}
