import ImplicitsFileSystem

/// Why an interface file cannot be used. Every message names the module,
/// the file and the cause, and says what to do:
///
///     error: cannot use interface of module 'Core' at 'out/Core.implicitinterface':
///     the file is truncated (1020 of 4096 bytes); re-analyze 'Core' to write it again
public struct InterfaceError: ToolError, CustomStringConvertible, Equatable {
  public enum Kind: Equatable, Sendable {
    /// There is no file at the path.
    case missing
    /// The file exists but cannot be read (permissions, a directory, I/O).
    case unreadable(reason: String)
    /// The file ends early: `actual` bytes of the `expected` its header
    /// announces (or of the smallest possible file, when even the header
    /// is incomplete).
    case truncated(actual: Int, expected: Int)
    /// The bytes do not add up. `detail` says which check failed: exactly
    /// `InterfaceError.checksumMismatch` when the checksum over the bytes
    /// does not match the one stored (the file was damaged after it was
    /// written); `invalid structure: ...` when the checksum matches but the
    /// structure does not (an offset out of bounds, an unsorted index, a
    /// malformed record: a broken or foreign writer).
    case corrupt(detail: String)
    /// Not an interface file at all: it does not start with the magic number.
    case foreign
    /// Written in a format version this tool does not read; `toolVersion`
    /// is the version of the tool that wrote it, when the file says.
    case incompatibleVersion(found: FormatVersion, toolVersion: String?)
    /// Declares another module than the one it was loaded for.
    case wrongModule(declared: String)
    /// Handed to the analysis of the very module it declares, as its own
    /// upstream.
    case ownModule
    /// Analyzed against another version of `upstream` than the interface
    /// of `upstream` handed over with it (at `upstreamPath`): stale.
    case stale(upstream: String, upstreamPath: String, recorded: Fingerprint, current: Fingerprint)
    /// Read again during one analysis (the analysis let it go to bound its
    /// memory), the file had another fingerprint than at first: something
    /// wrote it meanwhile.
    case changed(first: Fingerprint, now: Fingerprint)
  }

  /// The `corrupt` detail of a checksum failure.
  public static let checksumMismatch = "checksum mismatch"

  public var kind: Kind
  /// The file, as given to the reader.
  public var path: String
  /// The module the file was loaded for or, when nothing was expected, the
  /// one it declares (nil when it could not be read that far).
  public var module: String?

  public init(kind: Kind, path: String, module: String?) {
    self.kind = kind
    self.path = path
    self.module = module
  }

  /// A file that could not be read as `path`'s interface.
  public static func unreadable(_ error: FileError, path: String, module: String?) -> InterfaceError {
    switch error.cause {
    case _ where error.isMissing:
      InterfaceError(kind: .missing, path: path, module: module)
    case .tooLarge(let size):
      InterfaceError(
        kind: .corrupt(detail: "invalid structure: \(size) bytes, more than an interface file can hold (4 GiB)"), path: path,
        module: module)
    default:
      InterfaceError(kind: .unreadable(reason: error.reason), path: path, module: module)
    }
  }

  public var place: String? { nil }

  /// `message`: what `rendered` writes after `error: `.
  public var description: String { message }

  /// What went wrong and what to do, without the `error: ` prefix.
  public var message: String {
    let subject = module.map { "interface of module '\($0)' at '\(path)'" } ?? "interface file '\(path)'"
    let moduleName = module.map { "'\($0)'" } ?? "its module"
    let writeAgain = "re-analyze \(moduleName) to write it again"
    let cause: String
    switch kind {
    case .missing:
      cause = "the file does not exist; analyze \(moduleName) first (`implicits build`, the ImplicitsAnalysisPlugin, "
        + "or `implicits analyze --emit-interface`), or check the path"
    case .unreadable(let reason):
      cause = "the file cannot be read (\(reason)); check its permissions, or \(writeAgain)"
    case .truncated(let actual, let expected):
      cause = "the file is truncated (\(actual) of \(expected) bytes); \(writeAgain)"
    case .corrupt(let detail):
      let explanation = detail == Self.checksumMismatch ? ": its bytes changed after it was written" : ""
      cause = "the file is corrupt (\(detail)\(explanation)); \(writeAgain)"
    case .foreign:
      // A file named like an interface may be one that was damaged; any
      // other file was passed by mistake.
      cause = "it is not an .implicitinterface file (it does not start with the interface magic number); "
        + (path.hasSuffix(".implicitinterface") ? "check the path, or \(writeAgain)" : "check the path: pass the "
          + ".implicitinterface file that 'implicits analyze --emit-interface' or 'implicits build' wrote")
    case .incompatibleVersion(let found, let toolVersion):
      let writer = toolVersion.map { "implicits \($0)" } ?? "an unknown version of implicits"
      let this = "implicits \(ToolVersion.current)"
      let reads = "\(this) reads format \(FormatVersion.current.major).x"
      if found.major > FormatVersion.current.major {
        cause = "the file has interface format \(found), written by \(writer), but \(reads); "
          + "upgrade implicits to a version that reads format \(found.major).x, "
          + "or re-analyze \(moduleName) with \(this)"
      } else {
        cause = "the file has interface format \(found), written by \(writer), but \(reads); "
          + "re-analyze \(moduleName) with \(this) to write it in format \(FormatVersion.current)"
      }
    case .wrongModule(let declared):
      cause = "the file declares module '\(declared)'; pass each module its own interface "
        + "(named '<Module>.implicitinterface'), or \(writeAgain)"
    case .ownModule:
      cause = "it is the interface of the module being analyzed; a module cannot depend on itself: "
        + "remove it from the module's dependencies"
    case .stale(let upstream, let upstreamPath, let recorded, let current):
      cause = "it is stale: it was analyzed against another version of module '\(upstream)' (fingerprint "
        + "\(recorded.description.prefix(12))…) than the interface of '\(upstream)' at '\(upstreamPath)' (fingerprint "
        + "\(current.description.prefix(12))…); re-analyze \(moduleName) first, against that interface of '\(upstream)', "
        + "then this module"
    case .changed(let first, let now):
      cause = "the file changed during the analysis (fingerprint \(first.description.prefix(12))… when first read, "
        + "\(now.description.prefix(12))… when read again); analyze this module again once nothing else is writing "
        + "the interfaces of its dependencies"
    }
    return "cannot use \(subject): \(cause)"
  }
}
