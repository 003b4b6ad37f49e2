/// The name of the generated function that implements one `#implicits`
/// call site.
///
/// `#implicits` in `Feed.swift` at line 12, column 29 expands to
/// `__implicits_bag_Feed_dswift_12_29()`; the analyzer writes a function of
/// that name into the module's support file, returning a bag with exactly
/// the keys the code that reopens the bag reads. Line and column are those
/// of the `#` sign, 1-based, the column counted in UTF-8 bytes as the
/// compiler counts it. The file part is the file's name (Swift requires it
/// to be unique within a module), spelled with letters and digits kept,
/// `_` written `__`, `.` written `_d`, and any other byte written as `_x`
/// plus two hex digits, so that two file names never give one function name.
public enum BagFunctionName {
  public static let prefix = "__implicits_bag_"

  public static func make(fileName: String, line: Int, column: Int) -> String {
    "\(prefix)\(encode(fileName))_\(line)_\(column)"
  }

  /// The last path component of `path` (a file path or a `#fileID`).
  public static func fileName(ofPath path: String) -> String {
    guard let slash = path.lastIndex(where: { $0 == "/" || $0 == "\\" }) else { return path }
    return String(path[path.index(after: slash)...])
  }

  static func encode(_ fileName: String) -> String {
    var result = ""
    for byte in fileName.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "_"):
        result += "__"
      case UInt8(ascii: "."):
        result += "_d"
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "_x" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
