import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that no reader ever sees half of one: the bytes go to a
/// temporary file in the same directory, which is then renamed over the
/// destination. A file whose bytes are already right is not touched, so
/// build systems that compare timestamps (make, ninja with `restat`) can
/// skip work.
public enum AtomicFileWriter {
  public struct Failure: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write '\(path)': \(reason)" }
  }

  /// Returns whether the file was written (false: it already held `bytes`).
  @discardableResult
  public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws -> Bool {
    if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) {
      return false
    }
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw Failure(path: path, reason: "cannot create its directory: \(error.localizedDescription)")
      }
    }
    let name = (path as NSString).lastPathComponent
    var template = Array(((directory.isEmpty ? "." : directory) + "/." + name + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure(path: path, reason: systemError()) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = 0
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = systemError()
          return
        }
        written += result
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
    close(descriptor)
    if failure == nil {
      fchmodIfPossible(temporary)
      if rename(temporary, path) != 0 { failure = systemError() }
    }
    if let failure {
      unlink(temporary)
      throw Failure(path: path, reason: failure)
    }
    return true
  }

  private static func systemError() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(decoding: UnsafeBufferPointer(start: message, count: strlen(message)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// mkstemp creates 0600 files; outputs should be as readable as any other.
  private static func fchmodIfPossible(_ path: String) {
    let mask = umask(0)
    umask(mask)
    chmod(path, 0o666 & ~mask)
  }

  /// Whether `name` is one of this writer's temporary files (left behind
  /// only if the process was killed between writing and renaming).
  public static func isTemporaryFile(_ name: String) -> Bool {
    name.hasPrefix(".") && name.range(of: ".tmp-") != nil
  }
}
