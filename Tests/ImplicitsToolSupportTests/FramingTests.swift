import Foundation
import ImplicitsInterface
import ImplicitsToolSupport
import SystemPackage
import Testing

/// Both framings read through one `InputBuffer`: length-prefixed messages
/// (`MessageChannel`) and header lines with a body.
@Suite struct FramingTests {
  /// A stream holding `bytes`, then its end: a file read from its start
  /// (a pipe holds only so much before someone reads).
  static func stream(holding bytes: [UInt8]) throws -> FileDescriptor {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("framing-\(UUID().uuidString)").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try FileDescriptor.open(path, .readOnly)
  }

  @Test func messagesCrossAChannelWholeAndInOrder() throws {
    let pipe = Pipe()
    let sending = MessageChannel(descriptor: FileDescriptor(rawValue: pipe.fileHandleForWriting.fileDescriptor))
    // Larger than one read (and than the pipe holds): a message is taken
    // from several chunks while the other end still writes.
    let long = String(repeating: "x", count: 200_000)
    let sent = Thread {
      _ = sending.send("first")
      _ = sending.send(long)
      _ = sending.send(["a": 1, "b": 2])
      try? pipe.fileHandleForWriting.close()
    }
    sent.start()
    let receiving = MessageChannel(descriptor: FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor))
    #expect(receiving.receive(String.self) == "first")
    #expect(receiving.receive(String.self) == long)
    #expect(receiving.receive([String: Int].self) == ["a": 1, "b": 2])
    #expect(receiving.receive(String.self) == nil)
    #expect(receiving.failure == .ended)
  }

  @Test func aFrameOverTheLimitIsNotRead() throws {
    var writer = ByteWriter()
    writer.u32(1_000)
    let channel = MessageChannel(descriptor: try Self.stream(holding: writer.bytes), limit: 100)
    #expect(channel.receive(String.self) == nil)
    #expect(channel.failure == .tooLong(1_000))
  }

  @Test func aFrameOfAnotherTypeIsMalformed() throws {
    var writer = ByteWriter()
    writer.u32(1)
    writer.u8(7)  // a Bool is 0 or 1
    let channel = MessageChannel(descriptor: try Self.stream(holding: writer.bytes))
    #expect(channel.receive(Bool.self) == nil)
    #expect(channel.failure == .malformed)
  }

  @Test func linesAndBodiesComeFromOneBuffer() throws {
    // The long line is longer than one read: it is never held whole.
    let text = "Content-Length: 5\r\n\r\nhello" + String(repeating: "y", count: 200_000) + "\nrest"
    let input = InputBuffer(try Self.stream(holding: Array(text.utf8)))
    guard case .line(let header) = input.line(maximum: 64) else { Issue.record("no header line"); return }
    #expect(String(decoding: header, as: UTF8.self) == "Content-Length: 5")
    guard case .line(let blank) = input.line(maximum: 64) else { Issue.record("no blank line"); return }
    #expect(blank.isEmpty)
    #expect(try input.take(5) == Array("hello".utf8))
    // A line longer than the maximum is dropped, not held.
    guard case .tooLong = input.line(maximum: 64) else { Issue.record("the long line was read"); return }
    try input.skip(2)
    #expect(try input.take(2) == Array("st".utf8))
    #expect(throws: InputBuffer.End.ended) { try input.take(1) }
  }
}
