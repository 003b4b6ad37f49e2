import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// A module's source files as found now, hashed only when their size or
/// modification time differs from the last record.
struct SourceSnapshot {
  struct File {
    var path: String
    var relativePath: String
    var record: ModuleState.SourceRecord
    /// The contents, when they had to be read.
    var contents: [UInt8]?
  }

  var files: [File]

  enum Failure: Error {
    /// The path, and why in words.
    case unreadable(String, reason: String)
  }

  private static func read(_ path: String) throws(Failure) -> [UInt8] {
    do {
      return try FileReading.read(path)
    } catch {
      throw .unreadable(path, reason: error.reason)
    }
  }

  /// `stamps`, when given, are the files' sizes and times as the caller
  /// just saw them (one per path); else each file is asked.
  static func take(
    paths: [String], stamps: [FileStamp]? = nil, sourcesRoot: String, previous: [String: ModuleState.SourceRecord]
  ) throws(Failure) -> SourceSnapshot {
    var files: [File] = []
    files.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() {
      // Absolute and normalized, as the manifest resolves them.
      let relative = PathUtilities.relative(path, below: sourcesRoot)
      guard let stamp = stamps?[index] ?? FileStamp(path: path) else {
        _ = try read(path)
        throw .unreadable(path, reason: "it vanished")
      }
      let modified = stamp.modified
      if let old = previous[relative], old.size == stamp.size, old.modified == modified {
        files.append(File(path: path, relativePath: relative, record: old, contents: nil))
        continue
      }
      let bytes = try read(path)
      files.append(
        File(
          path: path, relativePath: relative,
          record: ModuleState.SourceRecord(hash: SHA256.hex(bytes), size: bytes.count, modified: modified),
          contents: bytes))
    }
    return SourceSnapshot(files: files)
  }

  var records: [String: ModuleState.SourceRecord] {
    Dictionary(files.map { ($0.relativePath, $0.record) }, uniquingKeysWith: { first, _ in first })
  }

  /// The files as analysis inputs, reading those not read yet.
  func inputs() throws(Failure) -> [SourceInput] {
    var inputs: [SourceInput] = []
    for file in files {
      if let contents = file.contents {
        inputs.append(SourceInput(path: file.path, relativePath: file.relativePath, contents: contents))
      } else {
        let bytes = try Self.read(file.path)
        inputs.append(SourceInput(path: file.path, relativePath: file.relativePath, contents: bytes))
      }
    }
    return inputs
  }
}
