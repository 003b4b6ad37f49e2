import SystemPackage

/// The bytes of one input stream (a pipe, a socket, a file descriptor),
/// read in chunks as a framing asks for them: a length-prefixed message
/// (`MessageChannel`) or a header of lines and a body (the language
/// server's `MessageStream`). What was handed out is dropped as the next
/// chunk comes, so the buffer holds about one message.
package final class InputBuffer: @unchecked Sendable {
  /// Why the input gave nothing more.
  package enum End: Error, Equatable {
    /// The stream ended.
    case ended
    /// A read failed (`EAGAIN`: nothing came within the descriptor's
    /// receive time-out).
    case failed(Errno)
  }

  /// A header line, as `line(maximum:)` reads it.
  package enum Line {
    /// Without its `\n` (nor a `\r` before it).
    case line([UInt8])
    /// Longer than the maximum: read to its end and dropped.
    case tooLong
    case end
  }

  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private var consumed = 0

  package init(_ descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// The next `count` bytes.
  package func take(_ count: Int) throws(End) -> [UInt8] {
    while buffer.count - consumed < count { try fill() }
    defer { consumed += count }
    return Array(buffer[consumed..<(consumed + count)])
  }

  /// Reads `count` bytes and drops them as they come.
  package func skip(_ count: Int) throws(End) {
    var left = count
    while true {
      let here = min(left, buffer.count - consumed)
      consumed += here
      left -= here
      if left == 0 { return }
      try fill()
    }
  }

  /// The next line; one longer than `maximum` bytes is never held whole.
  package func line(maximum: Int) -> Line {
    // How far past `consumed` the buffer was searched: `fill` moves what
    // is left of the buffer to its start.
    var searched = 0
    while true {
      if let newline = buffer[(consumed + searched)...].firstIndex(of: 0x0A) {
        var line = Array(buffer[consumed..<newline])
        if line.last == 0x0D { line.removeLast() }
        consumed = newline + 1
        return .line(line)
      }
      searched = buffer.count - consumed
      if searched > maximum {
        while true {
          if let newline = buffer[consumed...].firstIndex(of: 0x0A) {
            consumed = newline + 1
            return .tooLong
          }
          consumed = buffer.count
          do { try fill() } catch { return .end }
        }
      }
      do { try fill() } catch { return .end }
    }
  }

  /// Reads the next chunk.
  private func fill() throws(End) {
    if consumed > 0 {
      buffer.removeFirst(consumed)
      consumed = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let read: Int
    do {
      read = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
    } catch {
      throw .failed(error as? Errno ?? .ioError)
    }
    guard read > 0 else { throw .ended }
    buffer += chunk[0..<read]
  }
}
