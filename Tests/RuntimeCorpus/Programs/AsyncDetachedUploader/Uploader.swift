import Implicits

final class UploadLog: @unchecked Sendable {
  private(set) var lines: [String] = []
  func add(_ line: String) { lines.append(line) }
}

final class Storage: @unchecked Sendable {
  private(set) var blobs: [String: Int] = [:]
  func put(_ name: String, size: Int) { blobs[name] = size }
}

func upload(_ name: String, size: Int, _: ImplicitScope) async {
  @Implicit var storage: Storage
  @Implicit var log: UploadLog
  storage.put(name, size: size)
  log.add("uploaded \(name) (\(size) bytes)")
}

func uploadAll(_ files: [String: Int], _ scope: ImplicitScope) async {
  for (name, size) in files.sorted(by: { $0.key < $1.key }) {
    await upload(name, size: size, scope)
  }
}

func backupPhotos(_ files: [String: Int]) async -> UploadLog {
  await withScope { scope in
    @Implicit var storage = Storage()
    @Implicit var log = UploadLog()
    await uploadAll(files, scope)

    // Thumbnails go to a background-priority task so they do not slow
    // down the main upload: a detached task, which inherits nothing.
    let thumbnails = Task.detached(priority: .background) {
      await uploadAll(files.mapValues { $0 / 10 }, scope)
    }
    await thumbnails.value
    return log
  }
}
