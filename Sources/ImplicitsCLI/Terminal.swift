import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tool knows of the terminal it writes to.
struct Terminal: Sendable {
  let descriptor: Int32

  static let standardError = Terminal(descriptor: STDERR_FILENO)

  /// A terminal that can take a status line: a TTY, and `TERM` is not `dumb`.
  var isInteractive: Bool {
    guard isatty(descriptor) == 1 else { return false }
    let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
  }

  /// Columns, asked each time (the window can be resized); `COLUMNS` or
  /// 80 when the terminal does not say.
  var width: Int {
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
  }
}
