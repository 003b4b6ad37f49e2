import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// What a build leaves behind, in one owner: the analyzed modules' outputs
/// (written here, in the build's process, while the build holds the output
/// directory's lock: executors and worker processes write nothing), the
/// build database's records (`build.db`), the outputs of modules that
/// failed (removed), what `why` says of them (`state/last-failures.txt`)
/// and the JSON report.
final class BuildRecorder: @unchecked Sendable {
  let layout: BuildLayout
  let database: BuildDatabase
  private let fileSystem: any FileSystem

  init(layout: BuildLayout, database: BuildDatabase, fileSystem: any FileSystem) {
    self.layout = layout
    self.database = database
    self.fileSystem = fileSystem
  }

  /// Modules that failed after their interface was handed on: their
  /// outputs go when the build ends (modules may read the interface now).
  private let failedAfterRelease = LockedValue<[String]>([])

  /// Writes `module`'s interface before the rest of its outputs (the
  /// modules that depend on it start then) and returns its stamp.
  func writeInterface(_ interface: ReleasedInterface, of module: String) throws(FileError) -> FileStamp? {
    try ModuleOutputs.writeInterface(interface.bytes, module: module, layout: layout, fileSystem: fileSystem)
  }

  /// Takes in how `module` ended, as soon as it did: its outputs are
  /// written, then its new record is stored (and dropped from the outcome,
  /// which the build keeps to its end); a failed module loses its record
  /// and, unless only its warnings failed it, its outputs. `released`:
  /// whether its interface was written before (`writeInterface`), with
  /// `interfaceStamp`.
  func record(_ module: String, _ outcome: inout ModuleOutcome, released: Bool = false, interfaceStamp: FileStamp? = nil) {
    if let outputs = outcome.outputs {
      outcome.outputs = nil
      do {
        let stamps = try outputs.write(module: module, layout: layout, fileSystem: fileSystem)
        outcome.record?.interfaceStamp = stamps.interface ?? interfaceStamp
        outcome.record?.supportFileStamp = stamps.supportFile
      } catch {
        var failed = ModuleOutcome.unusable(
          .cannotWriteOutputs(module: module, error), reason: outcome.reason, seconds: outcome.seconds)
        failed.diagnostics = outcome.diagnostics
        outcome = failed
      }
    }
    if let record = outcome.record {
      database.store(record)
      outcome.record = nil
    } else if outcome.status == .failed {
      database.remove(module)
      if outcome.failedOnWarnings {
        // Its outputs are right, and stay.
      } else if released {
        failedAfterRelease.withLock { $0.append(module) }
      } else {
        removeOutputs(of: module)
      }
    }
  }

  /// After the last module: the outputs of the modules that did not run
  /// because a module they depend on failed go too, so that the output
  /// directory holds what a clean build would; `why` learns what happened
  /// to each; the database is closed. `dependencies` by module, `order`
  /// with every module after what it depends on.
  func finish(order: [String], outcomes: [String: ModuleOutcome], dependencies: [String: [String]]) throws(FileError) {
    // One pass in build order: a module is below a failure when it failed
    // or depends on a module that is.
    var belowFailure = Set<String>()
    for name in order {
      let outcome = outcomes[name]!
      if outcome.status == .failed && !outcome.failedOnWarnings
        || outcome.status == .notRun && (dependencies[name] ?? []).contains(where: belowFailure.contains)
      {
        belowFailure.insert(name)
      }
    }
    for name in failedAfterRelease.withLock({ $0 }) { removeOutputs(of: name) }
    var removed: Set<String> = []
    for name in order where belowFailure.contains(name) {
      if outcomes[name]!.status == .notRun {
        removeOutputs(of: name)
        database.remove(name)
      }
      removed.insert(name)
    }
    var failures = LastBuildFailures.read(in: layout, fileSystem: fileSystem)
    failures.record(outcomes, removed: removed)
    try? failures.write(in: layout, fileSystem: fileSystem)
    try database.close()
  }

  func writeReport(_ report: BuildReport, to path: String) throws {
    try fileSystem.write(Array(try JSONText(encoding: report).rendered.utf8), to: path)
  }

  /// A module's outputs go: what a failed module, or one that did not run
  /// because a dependency failed, leaves, as a clean build would.
  private func removeOutputs(of module: String) {
    for path in [layout.chains(of: module), layout.interface(of: module), layout.supportFile(of: module)] {
      fileSystem.remove(path)
    }
  }
}
