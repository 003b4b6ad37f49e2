/// Why an interface file cannot be used. Every message names the module,
/// the file and the cause, and says what to do.
public struct InterfaceError: Error, CustomStringConvertible, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// There is no file at the path.
    case missing
    /// The file exists but cannot be read.
    case unreadable(reason: String)
    /// The file ends early.
    case truncated(actual: Int, expected: Int)
    /// The bytes do not add up (checksum or structure).
    case corrupt(detail: String)
    /// Not an interface file at all.
    case foreign
    /// Written in a format version this tool does not read.
    case incompatibleVersion(found: FormatVersion, toolVersion: String?)
    /// Declares another module than the one it was loaded for.
    case wrongModule(declared: String)
  }

  public var kind: Kind
  public var path: String
  /// The module the file was loaded for, or the one it declares.
  public var module: String?

  public init(kind: Kind, path: String, module: String?) {
    self.kind = kind
    self.path = path
    self.module = module
  }

  public var description: String {
    let subject = module.map { "interface of module '\($0)' at '\(path)'" } ?? "interface file '\(path)'"
    let again = module.map { "re-analyze '\($0)' to write it again" } ?? "re-analyze its module to write it again"
    switch kind {
    case .missing:
      return "error: cannot use \(subject): the file does not exist; analyze '\(module ?? "the module")' first "
        + "(with the ImplicitsAnalysisPlugin, `implicits build`, or `implicits analyze --emit-interface`)"
    case .unreadable(let reason):
      return "error: cannot use \(subject): the file cannot be read (\(reason))"
    case .truncated(let actual, let expected):
      return "error: cannot use \(subject): the file is truncated (\(actual) of \(expected) bytes); \(again)"
    case .corrupt(let detail):
      return "error: cannot use \(subject): the file is corrupt (\(detail)); \(again)"
    case .foreign:
      return "error: cannot use \(subject): it is not an .implicitinterface file (wrong magic number); "
        + "check the path, or \(again)"
    case .incompatibleVersion(let found, let toolVersion):
      let writer = toolVersion.map { " written by implicits \($0)" } ?? ""
      let action = found.major > FormatVersion.current.major
        ? "upgrade this tool (implicits \(ToolVersion.current)) to one that reads format \(found.major).x"
        : again + " with this tool"
      return "error: cannot use \(subject): it has format version \(found)\(writer), but implicits "
        + "\(ToolVersion.current) reads format \(FormatVersion.current.major).x; \(action)"
    case .wrongModule(let declared):
      return "error: cannot use \(subject): the file declares module '\(declared)'; hand each module its own "
        + "interface, named '<Module>.implicitinterface'"
    }
  }
}
