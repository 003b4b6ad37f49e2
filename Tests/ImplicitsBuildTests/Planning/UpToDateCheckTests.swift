import ImplicitsInterface
import ImplicitsManifest
import ImplicitsTestSupport
import Testing

@testable import ImplicitsBuild

/// The up-to-date check alone, against a record and a file system in
/// memory: each reason a module is analyzed again, and what it reads.
@Suite struct UpToDateCheckTests {
  let fileSystem = InMemoryFileSystem()
  let layout = BuildLayout(outputDirectory: "/out")
  let source = "/src/M.swift"

  /// A module `M` with one source and outputs on disk, and the record
  /// that matches them.
  func setUp() throws -> (ModuleCheck, ModuleState) {
    fileSystem.put("let x = 1\n", at: source)
    let interface = InterfaceWriter.encoded(InterfaceContent(moduleName: "M"), upstream: [])
    try fileSystem.write(interface.bytes, to: layout.interface(of: "M"))
    try fileSystem.write(Array("// M\n".utf8), to: layout.supportFile(of: "M"))
    let status = try fileSystem.status(source).get()
    let record = ModuleState(
      module: "M", toolVersion: ToolIdentity.current, options: "options",
      interfaceFingerprint: interface.fingerprint.description, supportFile: SHA256.hex(Array("// M\n".utf8)),
      interfaceStamp: FileStamp(path: layout.interface(of: "M"), in: fileSystem),
      supportFileStamp: FileStamp(path: layout.supportFile(of: "M"), in: fileSystem),
      sources: ["M.swift": .init(hash: SHA256.hex(Array("let x = 1\n".utf8)), size: status.size, modified: status.modified)],
      upstream: ["Core": "core-1"])
    return (check(options: "options"), record)
  }

  func check(options: String) -> ModuleCheck {
    let status = try! fileSystem.status(source).get()
    return ModuleCheck(
      name: "M", sources: [SourceFile(path: source, size: status.size, modified: status.modified)], sourcesRoot: "/src",
      layout: layout, optionsSignature: options, tool: ToolIdentity.current, fileSystem: fileSystem)
  }

  func reason(_ verdict: ModuleCheck.Verdict) -> String {
    switch verdict {
    case .done(let outcome): "done: \(outcome.status.rawValue)"
    case .analyze(let reason, _): reason.text
    }
  }

  @Test func unchangedIsUpToDateWithoutReadingAnything() throws {
    let (check, record) = try setUp()
    fileSystem.clearLog()
    #expect(reason(check.run(previous: record, fingerprint: { _ in "core-1" })) == "done: up-to-date")
    #expect(fileSystem.reads.isEmpty, "\(fileSystem.reads)")
  }

  @Test func eachChangeHasItsReason() throws {
    let (check, record) = try setUp()
    #expect(reason(check.run(previous: nil, fingerprint: { _ in nil })) == "no previous analysis")
    #expect(reason(check.run(previous: record, fingerprint: { _ in "core-2" })) == "the interface of 'Core' changed")
    #expect(reason(self.check(options: "other").run(previous: record, fingerprint: { _ in "core-1" }))
      == "its options or dependencies changed")
    var older = record
    older.toolVersion = "0.0.1"
    #expect(reason(check.run(previous: older, fingerprint: { _ in "core-1" })).hasPrefix("the tool changed (0.0.1 -> "))
    // The same version built from other sources: another build ID.
    older.toolVersion = ToolVersion.current + " build 000000000000"
    #expect(
      reason(check.run(previous: older, fingerprint: { _ in "core-1" }))
        == "the tool changed (\(ToolVersion.current) build 000000000000 -> \(ToolIdentity.current))")
    fileSystem.put("// M edited\n", at: layout.supportFile(of: "M"))
    #expect(reason(check.run(previous: record, fingerprint: { _ in "core-1" })) == "its support file is missing or was modified")
    fileSystem.remove(layout.interface(of: "M"))
    #expect(reason(check.run(previous: record, fingerprint: { _ in "core-1" })) == "its interface is missing or was modified")
  }

  @Test func anEditedSourceIsHashedAndNamed() throws {
    let (_, record) = try setUp()
    fileSystem.put("let x = 2\n", at: source)
    #expect(reason(check(options: "options").run(previous: record, fingerprint: { _ in "core-1" })) == "sources changed: M.swift")
  }

  /// A source touched but not changed is read once, and its new time kept
  /// in the refreshed record.
  @Test func aTouchedSourceRefreshesTheRecord() throws {
    let (_, record) = try setUp()
    fileSystem.touch(source)
    guard case .done(let outcome) = check(options: "options").run(previous: record, fingerprint: { _ in "core-1" }) else {
      Issue.record("analyzed again")
      return
    }
    #expect(outcome.status == .upToDate)
    let refreshed = try #require(outcome.record)
    #expect(refreshed.sources["M.swift"]?.modified == (try fileSystem.status(source).get()).modified)
    #expect(refreshed.sources["M.swift"]?.hash == record.sources["M.swift"]?.hash)
  }
}
