import ImplicitsInterface
import SystemPackage

/// Messages over a pipe or a socket, in one direction, each framed by its
/// length (u32): `BuildCodable` values, written whole by one call. A frame
/// longer than `limit` is not read (what comes from a socket is bounded).
package final class MessageChannel: @unchecked Sendable {
  private let descriptor: FileDescriptor
  private let limit: Int
  /// A socket's: a write fails when the other end takes nothing for this
  /// many seconds (`LocalSocket.write`).
  private let sendTimeout: Double?
  private let input: InputBuffer
  /// Why `receive` last gave nil, or `send` false.
  package private(set) var failure: Failure?

  package enum Failure: Equatable {
    /// The stream ended (or could not be read).
    case ended
    /// Nothing came within the descriptor's receive time-out.
    case timedOut
    /// A frame announced this many bytes, more than the limit.
    case tooLong(Int)
    /// The frame is not a message of the type asked for.
    case malformed
  }

  package init(descriptor: FileDescriptor, limit: Int = Int(UInt32.max), sendTimeout: Double? = nil) {
    self.descriptor = descriptor
    input = InputBuffer(descriptor)
    self.limit = limit
    self.sendTimeout = sendTimeout
  }

  /// Writes `message`; false when the other end is gone, or took nothing
  /// within the descriptor's send time-out (the stream is then unusable).
  @discardableResult
  package func send(_ message: some BuildCodable) -> Bool {
    var writer = ByteWriter()
    writer.u32(0)
    message.encode(to: &writer)
    writer.patch32(at: 0, UInt32(writer.count - 4))
    do {
      if let sendTimeout {
        try LocalSocket.write(writer.bytes, to: descriptor, stalling: sendTimeout)
      } else {
        _ = try descriptor.writeAll(writer.bytes)
      }
      return true
    } catch {
      failure = Self.failure(error)
      return false
    }
  }

  /// A failed read or write: a time-out (`EAGAIN`), or the end.
  private static func failure(_ error: any Error) -> Failure {
    (error as? Errno) == .resourceTemporarilyUnavailable ? .timedOut : .ended
  }

  /// The next message; nil at the end of the stream, after a time-out, or
  /// when what came is not a message of `Message` (`failure` says which).
  package func receive<Message: BuildCodable>(_: Message.Type) -> Message? {
    guard let length = take(4).map({ Int(ByteReader.u32($0, at: 0)) }) else { return nil }
    guard length <= limit else {
      failure = .tooLong(length)
      return nil
    }
    guard let payload = take(length) else { return nil }
    guard let message = Message(decoding: payload) else {
      failure = .malformed
      return nil
    }
    return message
  }

  /// The next `count` bytes of the stream; nil when it ends first.
  private func take(_ count: Int) -> [UInt8]? {
    do {
      return try input.take(count)
    } catch .failed(let error) {
      failure = Self.failure(error)
      return nil
    } catch {
      failure = .ended
      return nil
    }
  }
}
