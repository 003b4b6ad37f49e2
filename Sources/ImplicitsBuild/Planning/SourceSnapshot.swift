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

  /// `stamps`, when given, are the files' sizes and times as the caller
  /// just saw them (one per path); else each file is asked.
  static func take(
    paths: [String], stamps: [FileStamp]? = nil, sourcesRoot: String, previous: [String: ModuleState.SourceRecord],
    fileSystem: any FileSystem
  ) throws(FileError) -> SourceSnapshot {
    var files: [File] = []
    files.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() {
      // Absolute and normalized, as the manifest resolves them.
      let relative = PathUtilities.relative(path, below: sourcesRoot)
      guard let stamp = stamps?[index] ?? FileStamp(path: path, in: fileSystem) else {
        _ = try fileSystem.read(path)
        throw FileError(path: path, operation: .read, errno: .noSuchFileOrDirectory)  // gone between two looks
      }
      if let old = previous[relative], old.size == stamp.size, old.modified == stamp.modified {
        files.append(File(path: path, relativePath: relative, record: old, contents: nil))
        continue
      }
      let bytes = try fileSystem.read(path)
      files.append(
        File(
          path: path, relativePath: relative,
          record: ModuleState.SourceRecord(hash: SHA256.hex(bytes), size: bytes.count, modified: stamp.modified),
          contents: bytes))
    }
    return SourceSnapshot(files: files)
  }

  var records: [String: ModuleState.SourceRecord] {
    Dictionary(files.map { ($0.relativePath, $0.record) }, uniquingKeysWith: { first, _ in first })
  }

  /// The files as analysis inputs, reading those not read yet.
  func inputs(fileSystem: any FileSystem) throws(FileError) -> [SourceInput] {
    var inputs: [SourceInput] = []
    for file in files {
      let contents: [UInt8]
      if let read = file.contents { contents = read } else { contents = try fileSystem.read(file.path) }
      inputs.append(SourceInput(path: file.path, relativePath: file.relativePath, contents: contents))
    }
    return inputs
  }
}
