import Foundation
import ImplicitsAnalysis
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
    case unreadable(String)
  }

  static func take(paths: [String], sourcesRoot: String, previous: ModuleState?) throws(Failure) -> SourceSnapshot {
    var files: [File] = []
    for path in paths {
      let relative = Self.relative(path, to: sourcesRoot)
      guard let stamp = FileStamp(path: path) else { throw .unreadable(path) }
      let modified = stamp.modified
      if let old = previous?.sources[relative], old.size == stamp.size, old.modified == modified {
        files.append(File(path: path, relativePath: relative, record: old, contents: nil))
        continue
      }
      guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
      let bytes = [UInt8](data)
      files.append(
        File(
          path: path, relativePath: relative,
          record: ModuleState.SourceRecord(hash: Hex.sha256(bytes), size: bytes.count, modified: modified),
          contents: bytes))
    }
    return SourceSnapshot(files: files)
  }

  /// `path` (absolute and normalized, as the manifest resolves it)
  /// relative to `root`, lexically.
  static func relative(_ path: String, to root: String) -> String {
    let base = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
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
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file.path) }
        inputs.append(SourceInput(path: file.path, relativePath: file.relativePath, contents: [UInt8](data)))
      }
    }
    return inputs
  }
}

enum Hex {
  static func sha256(_ bytes: [UInt8]) -> String {
    SHA256.hash(bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  static func sha256(_ text: String) -> String { sha256(Array(text.utf8)) }
}
