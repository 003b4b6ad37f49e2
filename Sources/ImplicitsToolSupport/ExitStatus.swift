import ImplicitsInterface

/// How a command of the tool ends, as a build script or CI reads it: 0
/// when all is well, 1 when the analyzed code has errors (printed as
/// compiler-style diagnostics) or the answer is no (`why` found no
/// chain, an interface diff breaks, no build server runs), 2 when the
/// tool's input or surroundings are unusable (a clear error printed), 130
/// when interrupted.
public struct ExitStatus: Error, Equatable, Sendable, CustomStringConvertible {
  /// The process's exit status.
  public let code: Int32

  public init(_ code: Int32) {
    self.code = code
  }

  public static let success = ExitStatus(0)
  /// The analyzed code has errors, or the answer is no.
  public static let failure = ExitStatus(1)
  /// Bad input, or surroundings the tool cannot use.
  public static let unusable = ExitStatus(2)
  /// Stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells say).
  public static let interrupted = ExitStatus(130)

  public var isSuccess: Bool { self == .success }

  /// Throws it unless it is success: a command ends so.
  public func orThrow() throws(ExitStatus) {
    if !isSuccess { throw self }
  }

  public var description: String { "\(code)" }
}

extension ExitStatus: BuildCodable {
  package func encode(to writer: inout ByteWriter) { Int(code).encode(to: &writer) }

  package init?(from reader: inout ByteReader) {
    guard let code = Int(from: &reader), let exact = Int32(exactly: code) else { return nil }
    self.init(exact)
  }
}
