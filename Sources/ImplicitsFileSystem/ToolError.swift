/// An error of the tools' inputs or surroundings, not a diagnostic of the
/// analyzed code: where it is, if anywhere, and what it says. The message
/// says what is wrong and what to do, without `error:`; `rendered` is the
/// one place that writes an error as a line.
public protocol ToolError: Error, Sendable {
  /// `PATH`, `PATH:LINE:COLUMN`, or nil.
  var place: String? { get }
  /// What is wrong and what to do.
  var message: String { get }
}

extension ToolError {
  /// `PLACE: error: MESSAGE`, or `error: MESSAGE` without a place.
  public var rendered: String { (place.map { $0 + ": " } ?? "") + "error: " + message }
}

/// A tool error that is its message alone.
public struct ToolFailure: ToolError, Equatable {
  public var place: String?
  public var message: String

  public init(_ message: String, at place: String? = nil) {
    self.message = message
    self.place = place
  }
}

extension FileError: ToolError {
  public var place: String? { nil }
  public var message: String { description }
}
