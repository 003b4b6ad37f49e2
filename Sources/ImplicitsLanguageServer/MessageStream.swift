import Foundation
import ImplicitsInterface
import ImplicitsToolSupport
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

  private let input: InputBuffer
  /// Locked while a message is written.
  private let output: LockedValue<FileDescriptor>
  /// The largest message read (a megabyte-long file is a few MB of JSON).
  static let maximumLength = 256 << 20
  /// The longest header line read (`Content-Length: N` is a few bytes).
  static let maximumHeaderLine = 8 << 10

  init(input: FileDescriptor, output: FileDescriptor) {
    self.input = InputBuffer(input)
    self.output = LockedValue(output)
  }

  /// The next message; nil when the input ended.
  func next() -> Incoming? {
    var length: Int?
    var sawHeader = false
    while true {
      let line: [UInt8]
      switch input.line(maximum: Self.maximumHeaderLine) {
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
      guard (try? input.skip(length)) != nil else { return nil }
      return .malformed("a message of \(length) bytes, more than the \(Self.maximumLength >> 20) MB read")
    }
    guard let body = try? input.take(length) else { return nil }
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
    return output.withLock { (try? $0.writeAll(frame)) == frame.count }
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
