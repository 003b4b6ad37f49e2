import ImplicitsAnalysis
import ImplicitsTestSupport
import Testing

@testable import ImplicitsBuild

/// The build database as a journal, in memory: records survive a reopen,
/// a removal forgets, a record cut short is dropped with what follows and
/// the file rewritten, replaced records are compacted away.
@Suite struct BuildDatabaseJournalTests {
  let path = "/out/build.db"

  func state(_ module: String, seconds: Double = 1.5, warning: Bool = false) -> ModuleState {
    ModuleState(
      module: module, seconds: seconds, toolVersion: "t", options: "o-\(module)", interfaceFingerprint: "f-\(module)",
      supportFile: "s", interfaceStamp: FileStamp(size: 10, modified: 20), supportFileStamp: nil,
      sources: ["\(module).swift": .init(hash: "h", size: 3, modified: 4)], upstream: ["Core": "fc"],
      warnings: warning ? [.warning(.unusedBag, "w", at: SourceLocation(file: "f.swift", line: 1, column: 2))] : [])
  }

  @Test func recordsSurviveAReopenWhole() throws {
    let fileSystem = InMemoryFileSystem()
    let database = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    database.store(state("A", warning: true))
    database.store(state("B"))
    try database.close()
    let reopened = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    #expect(reopened.record(of: "A") == state("A", warning: true))
    #expect(reopened.record(of: "B") == state("B"))
    #expect(reopened.seconds(of: "A") == 1.5)
    #expect(reopened.record(of: "C") == nil)
  }

  @Test func aRemovalForgetsAndALaterRecordReplaces() throws {
    let fileSystem = InMemoryFileSystem()
    let database = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    database.store(state("A"))
    database.store(state("B"))
    database.remove("A")
    database.store(state("B", seconds: 9))
    try database.close()
    let records = BuildDatabase.read(path: path, fileSystem: fileSystem)
    #expect(records.keys.sorted() == ["B"])
    #expect(records["B"]?.seconds == 9)
  }

  @Test func aRecordCutShortIsDroppedAndTheFileRewritten() throws {
    let fileSystem = InMemoryFileSystem()
    let database = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    database.store(state("A"))
    database.store(state("B"))
    try database.close()
    // A kill in the middle of the last write.
    var bytes = try fileSystem.read(path)
    bytes.removeLast(7)
    try fileSystem.write(bytes, to: path)
    let reopened = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    #expect(reopened.record(of: "A") == state("A"))
    #expect(reopened.record(of: "B") == nil)
    // Rewritten before anything was appended: what follows is readable.
    reopened.store(state("C"))
    try reopened.close()
    #expect(BuildDatabase.read(path: path, fileSystem: fileSystem).keys.sorted() == ["A", "C"])
  }

  @Test func replacedRecordsAreCompactedAway() throws {
    let fileSystem = InMemoryFileSystem()
    let database = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    for round in 0..<100 { database.store(state("A", seconds: Double(round))) }
    let grown = try fileSystem.read(path).count
    try database.close()
    let compacted = try fileSystem.read(path).count
    #expect(compacted < grown / 50, "\(grown) -> \(compacted) bytes")
    #expect(BuildDatabase.read(path: path, fileSystem: fileSystem)["A"]?.seconds == 99)
  }

  @Test func anotherFormatIsStartedAfresh() throws {
    let fileSystem = InMemoryFileSystem()
    try fileSystem.write(Array("IMPLICITS-BUILD-DB\n".utf8) + [1, 0, 0, 0] + [9, 9, 9], to: path)
    let database = try BuildDatabase.open(path: path, fileSystem: fileSystem)
    #expect(database.record(of: "A") == nil)
    database.store(state("A"))
    try database.close()
    #expect(BuildDatabase.read(path: path, fileSystem: fileSystem)["A"] == state("A"))
  }

  /// The one encoding of a module's state, as the worker sends it: every
  /// cut of it is refused, never misread.
  @Test func everyTruncationOfAnEncodedStateIsRefused() {
    let bytes = state("A", warning: true).encoded
    #expect(ModuleState(decoding: bytes) == state("A", warning: true))
    for length in 0..<bytes.count {
      #expect(ModuleState(decoding: Array(bytes.prefix(length))) == nil, "\(length) bytes")
    }
  }
}
