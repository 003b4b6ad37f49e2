import Foundation
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// Every module's record of its last analysis, in one file
/// (`<output-dir>/build.db`), read in one piece when a build starts.
///
/// The file is a journal: a header, then records, each appended when a
/// module finishes (a new record of a module replaces its older ones; a
/// removal record forgets it). An interrupted or killed build keeps every
/// record it appended; a record cut short by a kill fails its checksum and
/// is ignored with everything after it, and the file is then rewritten
/// before anything is appended. The file is also rewritten, compacted to
/// one record per module, when old records outnumber live ones. Only the
/// build that holds the output directory's lock writes it; `implicits why`
/// reads it.
///
///     header := "IMPLICITS-BUILD-DB\n" u32 format
///     record := u32 length, u64 FNV-1a of the payload, payload
///     payload := u8 1, state (`ModuleState`)  |  u8 2, string module (a removal)
package final class BuildDatabase: @unchecked Sendable {
  static let magic = Array("IMPLICITS-BUILD-DB\n".utf8)
  /// 3: warnings carry their fix-its.
  static let format: UInt32 = 3

  /// A module's record: where its payload lies in the file as read, or in
  /// the file as this build appended to it. Records are decoded when a
  /// check asks for one (a build checks each module once, so nothing
  /// decoded outlives its check), and this build's are not kept in memory
  /// at all: a build of a thousand modules holds a range a module, not a
  /// record.
  enum Entry {
    case read(payload: Range<Int>, seconds: Double)
    case appended(payload: Range<Int>, seconds: Double)
  }

  let path: String
  private let fileSystem: any FileSystem
  /// The file as read when the build started.
  private let bytes: [UInt8]
  /// What the build's threads change: the records and the file appended to.
  private let journal: LockedValue<Journal>
  /// Whether the file read was whole (its header right, every record
  /// readable to the end).
  private let intact: Bool

  package static func path(in layout: BuildLayout) -> String { layout.outputDirectory + "/build.db" }

  /// The file's size and time when it was read (nil when it changed
  /// while it was read): an unchanged file need not be read again.
  private let readStamp: FileStatus?
  /// Whether it holds the bytes of the database it was opened reusing
  /// (the file did not change since): its records are that one's.
  package let isUnchanged: Bool

  private init(path: String, fileSystem: any FileSystem, reusing earlier: BuildDatabase? = nil) {
    self.path = path
    self.fileSystem = fileSystem
    let before = try? fileSystem.status(path).get()
    // The file as read before, with its index, when it did not change since
    // (appending to it changes its stamp).
    let reused = earlier.flatMap { earlier -> (bytes: [UInt8], index: Index)? in
      guard let stamp = earlier.readStamp, let before, before.size == stamp.size, before.modified == stamp.modified
      else { return nil }
      return earlier.journal.withLock {
        (earlier.bytes, Index(entries: $0.entries, count: $0.recordCount, intact: earlier.intact))
      }
    }
    isUnchanged = reused != nil
    bytes = reused?.bytes ?? (try? fileSystem.read(path, limit: 1 << 30)) ?? []
    let after = try? fileSystem.status(path).get()
    readStamp = before != nil && before == after ? before : nil
    let index = reused?.index ?? Self.index(bytes)
    journal = LockedValue(Journal(entries: index.entries, recordCount: index.count, fileLength: bytes.count))
    intact = index.intact
  }

  /// The file at `path` as it is now, for reading only: records are
  /// decoded when asked for. Without the output directory's lock another
  /// build may be appending; a record it has not written whole is not read.
  /// `earlier`: the file as read before; its bytes serve when the file did
  /// not change since.
  package static func openForReading(
    path: String, fileSystem: any FileSystem = LocalFileSystem(), reusing earlier: BuildDatabase? = nil
  ) -> BuildDatabase {
    BuildDatabase(path: path, fileSystem: fileSystem, reusing: earlier)
  }

  /// The records in the file at `path`, for reading only (`implicits why`).
  static func read(path: String, fileSystem: any FileSystem = LocalFileSystem()) -> [String: ModuleState] {
    let database = BuildDatabase(path: path, fileSystem: fileSystem)
    var records: [String: ModuleState] = [:]
    for name in database.journal.withLock({ Array($0.entries.keys) }) { records[name] = database.record(of: name) }
    return records
  }

  /// Opens the database of a build for reading and appending; a file that
  /// is missing, of another format or cut short is rewritten first, from
  /// the records it still holds.
  /// `earlier`: the file as read before the build took the output
  /// directory's lock; its bytes serve when the file did not change since.
  static func open(
    path: String, fileSystem: any FileSystem = LocalFileSystem(), reusing earlier: BuildDatabase? = nil
  ) throws(FileError) -> BuildDatabase {
    let database = BuildDatabase(path: path, fileSystem: fileSystem, reusing: earlier)
    let bytes = database.bytes
    try database.journal.withLock { (journal) throws(FileError) in
      if !database.intact { try journal.rewrite(bytes, to: path, fileSystem: fileSystem) }
      journal.file = try fileSystem.openForAppending(path)
    }
    return database
  }

  /// The record of `module`, if it has one.
  package func record(of module: String) -> ModuleState? {
    var reader: ByteReader
    switch journal.withLock({ $0.entries[module] }) {
    case nil: return nil
    case .read(let payload, _): reader = ByteReader(bytes, range: payload)
    case .appended(let payload, _):
      // This build's record of the module (no check asks for it again).
      guard let file = try? fileSystem.read(path, limit: 1 << 30), payload.upperBound <= file.count else { return nil }
      reader = ByteReader(file, range: payload)
    }
    guard reader.u8() == 1, let state = ModuleState(from: &reader), reader.isAtEnd, state.module == module else {
      return nil
    }
    return state
  }

  /// The options and sources of `module`'s record, decoded without the
  /// rest (the import check's question).
  func checkedSources(of module: String) -> (options: String, sources: [String: ModuleState.SourceRecord])? {
    guard case .read(let payload, _) = journal.withLock({ $0.entries[module] }) else { return nil }
    var reader = ByteReader(bytes, range: payload)
    guard reader.u8() == 1 else { return nil }
    return ModuleState.optionsAndSources(&reader)
  }

  /// How long `module`'s last analysis took, without decoding its record.
  func seconds(of module: String) -> Double? {
    switch journal.withLock({ $0.entries[module] }) {
    case nil: return nil
    case .read(_, let seconds), .appended(_, let seconds): return seconds
    }
  }

  /// Appends `state` to the file as its module's record. When it cannot be
  /// written, the module has no record: the next build analyzes it again.
  func store(_ state: ModuleState) {
    var payload = ByteWriter()
    payload.u8(1)
    state.encode(to: &payload)
    journal.withLock { journal in
      if let range = journal.append(payload.bytes) {
        journal.entries[state.module] = .appended(payload: range, seconds: state.seconds)
      } else {
        journal.entries[state.module] = nil
      }
    }
  }

  /// Forgets `module`'s record (its outputs were removed).
  func remove(_ module: String) {
    journal.withLock { journal in
      guard journal.entries.removeValue(forKey: module) != nil else { return }
      var payload = ByteWriter()
      payload.u8(2)
      module.encode(to: &payload)
      // Unwritten, the removal costs nothing: a build that finds an older
      // record of the module checks it against outputs that are gone.
      _ = journal.append(payload.bytes)
    }
  }

  /// Compacts the file when replaced records outnumber live ones, and
  /// closes it.
  func close() throws(FileError) {
    let (bytes, path, fileSystem) = (self.bytes, self.path, self.fileSystem)
    try journal.withLock { (journal) throws(FileError) in
      journal.file?.close()
      journal.file = nil
      if journal.recordCount > 2 * journal.entries.count + 64 { try journal.rewrite(bytes, to: path, fileSystem: fileSystem) }
    }
  }
}

/// The records of a build's database and the file it appends them to,
/// under the database's lock.
private struct Journal {
  var entries: [String: BuildDatabase.Entry]
  /// Records in the file, live or replaced.
  var recordCount: Int
  /// The file's length as this build wrote it: where the next record goes.
  var fileLength: Int
  var file: (any AppendingFile)?

  init(entries: [String: BuildDatabase.Entry], recordCount: Int, fileLength: Int) {
    self.entries = entries
    self.recordCount = recordCount
    self.fileLength = fileLength
  }

  /// Writes the header and one record per module, sorted by name, in place
  /// of the file (atomically). Records are copied as they are: those of
  /// this build from the file as it now is, read once.
  mutating func rewrite(_ bytes: [UInt8], to path: String, fileSystem: any FileSystem) throws(FileError) {
    let appended: [UInt8] =
      entries.values.contains { if case .appended = $0 { true } else { false } }
      ? ((try? fileSystem.read(path, limit: 1 << 30)) ?? []) : []
    var file = ByteWriter(bytes: BuildDatabase.magic)
    file.u32(BuildDatabase.format)
    for name in entries.keys.sorted(by: PathUtilities.byteOrder) {
      switch entries[name]! {
      case .read(let payload, _): BuildDatabase.frame(bytes[payload], into: &file)
      case .appended(let payload, _) where payload.upperBound <= appended.count: BuildDatabase.frame(appended[payload], into: &file)
      case .appended: entries[name] = nil  // lost from the file meanwhile: analyzed again next time
      }
    }
    try fileSystem.write(file.bytes, to: path)
    recordCount = entries.count
    fileLength = file.bytes.count
  }

  /// One write of the whole record: a kill leaves it whole or cut short.
  /// Returns where the payload now lies in the file, or nil when it could
  /// not be written whole; then nothing more is appended (a record cut
  /// short makes the next build rewrite the file from what precedes it).
  mutating func append(_ payload: [UInt8]) -> Range<Int>? {
    var framed = ByteWriter()
    BuildDatabase.frame(payload[...], into: &framed)
    recordCount += 1
    guard let file else { return nil }
    guard file.append(framed.bytes) else {
      self.file = nil
      return nil
    }
    let start = fileLength + framed.bytes.count - payload.count
    fileLength += framed.bytes.count
    return start..<fileLength
  }

}

extension BuildDatabase {
  static func frame(_ payload: ArraySlice<UInt8>, into writer: inout ByteWriter) {
    writer.u32(payload.count)
    writer.u64(FNV1a.hash(payload))
    writer.append(payload)
  }

  // MARK: Reading

  /// Where each live record lies (and its seconds), how many records the
  /// file holds, and whether it is whole. Checksums are verified here;
  /// records are decoded when asked for.
  private struct Index {
    var entries: [String: Entry]
    var count: Int
    var intact: Bool
  }

  private static func index(_ bytes: [UInt8]) -> Index {
    var reader = ByteReader(bytes)
    guard let head = reader.raw(magic.count), head == magic, reader.u32() == format else { return Index(entries: [:], count: 0, intact: false) }
    var entries: [String: Entry] = [:]
    var count = 0
    while !reader.isAtEnd {
      guard let length = reader.int32(), let checksum = reader.u64(), let range = reader.skip(length),
        FNV1a.hash(bytes[range]) == checksum
      else { return Index(entries: entries, count: count, intact: false) }
      var payload = ByteReader(bytes, range: range)
      switch payload.u8() {
      case 1:
        guard let (module, seconds) = ModuleState.head(&payload) else { return Index(entries: entries, count: count, intact: false) }
        entries[module] = .read(payload: range, seconds: seconds)
      case 2:
        guard let module = String(from: &payload), payload.isAtEnd else { return Index(entries: entries, count: count, intact: false) }
        entries[module] = nil
      default:
        return Index(entries: entries, count: count, intact: false)
      }
      count += 1
    }
    return Index(entries: entries, count: count, intact: true)
  }
}
