import Foundation
import ImplicitsInterface
import SystemPackage

/// The Language Server Protocol's base protocol on two file descriptors:
/// each message is a header (`Content-Length: N`, optionally
/// `Content-Type`, each line ending in `\r\n`, then an empty line) and N
/// bytes of JSON. Writing is one `writeAll` per message, under a lock, so
/// that messages from several threads never interleave.
final class MessageStream: @unchecked Sendable {
  enum Incoming {
    case message(JSONText)
    /// The header or the body could not be read as a message (answered
    /// with a parse error when it has an id to answer).
    case malformed(String)
  }

  private let input: FileDescriptor
  private let output: FileDescriptor
  private var buffer: [UInt8] = []
  private var consumed = 0
  private let writeLock = NSLock()
  /// The largest message read (a megabyte-long file is a few MB of JSON).
  static let maximumLength = 256 << 20
  /// The longest header line read (`Content-Length: N` is a few bytes).
  static let maximumHeaderLine = 8 << 10

  init(input: FileDescriptor, output: FileDescriptor) {
    self.input = input
    self.output = output
  }

  /// The next message; nil when the input ended.
  func next() -> Incoming? {
    var length: Int?
    var sawHeader = false
    while true {
      let line: [UInt8]
      switch readLine() {
      case .line(let read): line = read
      case .tooLong:
        return .malformed("a header line longer than \(Self.maximumHeaderLine >> 10) KB")
      case .end:
        return sawHeader ? .malformed("the input ended inside a message's header") : nil
      }
      if line.isEmpty {
        if !sawHeader { continue }  // blank lines between messages
        break
      }
      sawHeader = true
      let text = String(decoding: line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":") else { return .malformed("a header line without ':': \(text.prefix(80))") }
      let name = text[..<colon].trimmingCharacters(in: " ").lowercased()
      let value = text[text.index(after: colon)...].trimmingCharacters(in: " ")
      if name == "content-length" {
        guard let number = Int(value), number >= 0 else { return .malformed("Content-Length is not a number: \(value.prefix(40))") }
        length = number
      }
    }
    guard let length else { return .malformed("a message without Content-Length") }
    guard length <= Self.maximumLength else {
      guard skip(length) else { return nil }
      return .malformed("a message of \(length) bytes, more than the \(Self.maximumLength >> 20) MB read")
    }
    guard let body = take(length) else { return nil }
    guard let json = JSONText.parse(body) else { return .malformed("the body is not JSON") }
    return .message(json)
  }

  /// Writes `message`'s envelope; false when the other end is gone.
  @discardableResult
  func send(_ message: JSONRPCMessage) -> Bool { send(message.json) }

  /// Writes `message` as it is (a message relayed); false when the other end is gone.
  @discardableResult
  func send(_ message: JSONText) -> Bool {
    let body = Array(message.renderedCompactly.utf8.dropLast())
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    return writeLock.withLock { (try? output.writeAll(frame)) == frame.count }
  }

  private enum Line {
    case line([UInt8])
    /// Longer than `maximumHeaderLine`: read to its end and dropped.
    case tooLong
    case end
  }

  private func readLine() -> Line {
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
      if searched > Self.maximumHeaderLine {
        // Dropped as it comes, never held whole.
        while true {
          if let newline = buffer[consumed...].firstIndex(of: 0x0A) {
            consumed = newline + 1
            return .tooLong
          }
          consumed = buffer.count
          guard fill() else { return .end }
        }
      }
      guard fill() else { return .end }
    }
  }

  /// Reads `count` bytes and drops them as they come; false when the
  /// input ends first.
  private func skip(_ count: Int) -> Bool {
    var left = count
    while true {
      let here = min(left, buffer.count - consumed)
      consumed += here
      left -= here
      if left == 0 { return true }
      guard fill() else { return false }
    }
  }

  private func take(_ count: Int) -> [UInt8]? {
    while buffer.count - consumed < count {
      guard fill() else { return nil }
    }
    defer { consumed += count }
    return Array(buffer[consumed..<(consumed + count)])
  }

  /// Reads more input; false at its end.
  private func fill() -> Bool {
    if consumed > 0 {
      buffer.removeFirst(consumed)
      consumed = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let read = (try? chunk.withUnsafeMutableBytes { try input.read(into: $0, retryOnInterrupt: true) }) ?? 0
    guard read > 0 else { return false }
    buffer += chunk[0..<read]
    return true
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
