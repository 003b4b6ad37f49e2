import Dispatch
import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest
import ImplicitsToolSupport

/// `implicits build`: checks the whole project first (`Preflight`), then
/// has the scheduler take the modules in dependency order on parallel
/// threads; for each, the planner decides whether it is up to date, an
/// executor analyzes it when it is not, and the recorder keeps what it
/// left. Then it reports.
public enum BuildRunner {
  /// Runs the build; returns its exit status.
  public static func run(_ options: BuildOptions, console: BuildConsole, interruption: BuildInterruption? = nil) -> ExitStatus {
    run(options, console: console, interruption: interruption, fileSystem: LocalFileSystem()) { catalog -> any AnalysisExecutor in
      if let executable = options.workerExecutable { return WorkerProcessExecutor(executable: executable, catalog: catalog) }
      return InProcessExecutor(analyze: ModuleAnalysis.analyzer(catalog: catalog))
    }
  }

  /// The build on `fileSystem`, its jobs run by the executor
  /// `makeExecutor` makes for the build's catalog (tests hand a file system
  /// in memory and a stand-in for the analyzer).
  package static func run(
    _ options: BuildOptions, console: BuildConsole, interruption: BuildInterruption?, fileSystem: any FileSystem,
    makeExecutor: (UpstreamCatalog) -> any AnalysisExecutor
  ) -> ExitStatus {
    let clock = Stopwatch()
    let preflight: Preflight
    switch Preflight.check(
      manifestPath: options.absolute(options.manifestPath), outputDirectory: options.outputDirectory.map(options.absolute),
      configuration: options.configuration, defines: options.defines, selecting: options.modules,
      threads: options.jobs, checkingImports: false, fileSystem: fileSystem)
    {
    case .success(let checked): preflight = checked
    case .failure(let failure):
      for line in failure.lines { console.progress(line) }
      console.progress(failure.summary.rendered)
      return .unusable
    }

    let planner = BuildPlanner(
      preflight: preflight, fileSystem: fileSystem,
      tool: options.workerExecutable.map { ToolIdentity.of(executable: $0) } ?? ToolIdentity.current)
    let layout = planner.layout
    // The import check, before anything is written: files the last build
    // checked against the same dependencies are not read again.
    let lastBuild = BuildDatabase.openForReading(path: BuildDatabase.path(in: layout), fileSystem: fileSystem)
    if case .failure(let failure) = preflight.checkImports(
      threads: options.jobs, fileSystem: fileSystem, alreadyChecked: planner.checkedByLastBuild(lastBuild))
    {
      for line in failure.lines { console.progress(line) }
      console.progress(failure.summary.rendered)
      return .unusable
    }
    let graph = preflight.graph
    let order = options.modules.isEmpty ? graph.order : graph.closure(of: options.modules)
    let progress = BuildProgress(console: console, style: options.progressStyle, total: order.count)
    // One build at a time per output directory: a second one waits, then
    // finds the work done.
    // A holder that is stopped (SIGSTOP, Ctrl-Z, a debugger; a build
    // server among them) would be waited for forever: the build says so
    // and ends instead.
    let lock: AnyObject
    var holder: Int32?
    do {
      guard
        let taken = try fileSystem.lock(
          layout.outputDirectory,
          waiting: { found in
            holder = found
            progress.message(
              "implicits: waiting for the build of \(found.map { "process \($0)" } ?? "another process") "
                + "(output directory \(layout.outputDirectory))")
          },
          shouldStop: { (interruption?.wasInterrupted ?? false) || (holder.map(ProcessState.isStopped) ?? false) })
      else {
        if let holder, !(interruption?.wasInterrupted ?? false) {
          console.progress(ToolFailure.lockHolderStopped(holder, outputDirectory: layout.outputDirectory).rendered)
          return .unusable
        }
        console.progress("Build interrupted while waiting for another build")
        return .interrupted
      }
      lock = taken
    } catch {
      console.progress(ToolFailure.cannotLock(outputDirectory: layout.outputDirectory, error).rendered)
      return .unusable
    }
    defer { withExtendedLifetime(lock) {} }
    layout.removeLeftoverFiles(fileSystem: fileSystem)
    let recorder: BuildRecorder
    do {
      recorder = BuildRecorder(
        layout: layout,
        database: try BuildDatabase.open(path: BuildDatabase.path(in: layout), fileSystem: fileSystem, reusing: lastBuild),
        fileSystem: fileSystem)
    } catch {
      console.progress(ToolFailure.cannotUseBuildDatabase(error).rendered)
      return .unusable
    }
    if options.explain, let configuration = preflight.manifest.selectedConfiguration {
      progress.message(
        "configuration \(configuration): conditions "
          + (preflight.manifest.compilationConditions.isEmpty ? "none" : preflight.manifest.compilationConditions.joined(separator: ", "))
          + ", outputs in \(layout.outputDirectory)")
    }

    let executor = makeExecutor(planner.catalog)
    let steps = ModuleSteps(
      options: options, planner: planner, executor: executor, recorder: recorder, progress: progress,
      fingerprints: LockedValue(preflight.externalFingerprints),
      ahead: ChecksAhead(of: order, planner: planner, database: recorder.database, threads: options.jobs))
    let dependencies = Dictionary(uniqueKeysWithValues: order.map { ($0, graph.nodes[$0]!.moduleDependencies) })
    let scheduler = Scheduler(
      order: order, dependencies: dependencies,
      cost: costs(of: order, database: recorder.database, sources: preflight.sources), policy: options.scheduling,
      workers: options.jobs, keepGoing: options.keepGoing,
      job: steps.run, finished: steps.finished, idle: executor.idle,
      earlyStarts: options.pipelining && options.jobs > 1
        ? Scheduler.EarlyStarts(
          allowed: { steps.ahead.stalePlan(of: $0) != nil }, begin: steps.begin, limit: options.jobs)
        : nil)
    interruption?.attach(scheduler, executor: executor, progress: progress)
    let outcomes = scheduler.run()
    executor.finish()
    interruption?.detach()
    progress.end()
    do {
      try recorder.finish(order: order, outcomes: outcomes, dependencies: dependencies)
    } catch {
      console.progress(ToolFailure.cannotWriteBuildDatabase(error).rendered)
      return .unusable
    }
    let elapsed = clock.seconds
    if options.keepsMemoryUntilExit { KeptUntilExit.keep((preflight, planner, recorder, steps, scheduler, outcomes)) }
    return finish(
      order: order, outcomes: outcomes, diagnostics: steps.collected.withLock { $0 }, seconds: elapsed,
      interrupted: interruption?.wasInterrupted ?? false, options: options, preflight: preflight, recorder: recorder,
      console: console, dependencies: dependencies)
  }

  /// Prints what is left to print (diagnostics of a format printed at the
  /// end, not-run reasons, the summary), writes the report, and says the
  /// exit status.
  private static func finish(
    order: [String], outcomes: [String: ModuleOutcome], diagnostics: [Diagnostic], seconds: Double, interrupted: Bool,
    options: BuildOptions, preflight: Preflight, recorder: BuildRecorder, console: BuildConsole,
    dependencies: [String: [String]]
  ) -> ExitStatus {
    let format = options.diagnosticsFormat
    if !format.isStreamed {
      console.output(options.diagnosticRenderer.render(diagnostics.sortedForOutput(), as: format))
    }
    let byStatus: [ModuleOutcome.Status: [String]] = Dictionary(grouping: order, by: { outcomes[$0]!.status })
    if options.explain {
      for name in order where outcomes[name]!.status == .notRun {
        console.progress("  \(name): not-run: \(outcomes[name]!.explanation)")
      }
    }
    let failed = byStatus[.failed]?.count ?? 0
    let summary = BuildSummary(
      counts: byStatus.mapValues(\.count), errors: diagnostics.filter { $0.severity == .error }.count,
      warnings: diagnostics.filter { $0.severity == .warning }.count, interrupted: interrupted, seconds: seconds)
    // `--quiet` says nothing when nothing failed, as make and ninja users expect.
    if options.progressStyle != .quiet || failed > 0 || interrupted { console.progress(summary.line) }

    if let reportPath = options.reportPath {
      let report = BuildReport(
        manifest: preflight.manifest.path, configuration: preflight.manifest.selectedConfiguration,
        succeeded: failed == 0 && !interrupted, seconds: seconds,
        modules: order.map { name in BuildReport.Module(name: name, outcomes[name]!) }, dependencies: dependencies,
        pipelined: options.pipelining)
      do {
        try recorder.writeReport(report, to: options.absolute(reportPath))
      } catch {
        console.progress(ToolFailure.cannotWriteBuildReport(to: reportPath, error).rendered)
        return .unusable
      }
    }
    if interrupted { return .interrupted }
    if order.contains(where: { outcomes[$0]!.isUnusable }) { return .unusable }
    return failed > 0 ? .failure : .success
  }

  /// The cost of each of `modules` for the scheduler: the seconds of their
  /// last analyses when every module has one, else the size of its sources
  /// in bytes (which follows its line count).
  static func costs(of modules: [String], database: BuildDatabase, sources: [String: [SourceFile]]) -> [String: Double] {
    let seconds = modules.map { database.seconds(of: $0) ?? 0 }
    if seconds.allSatisfy({ $0 > 0 }) { return Dictionary(uniqueKeysWithValues: zip(modules, seconds)) }
    return Dictionary(
      uniqueKeysWithValues: modules.map { module in (module, Double((sources[module] ?? []).reduce(0) { $0 + $1.size })) })
  }

  static func seconds(_ value: Double) -> String {
    String(format: "%.2f s", value)
  }

}

/// Values the process keeps until it exits (`keepsMemoryUntilExit`).
private enum KeptUntilExit {
  private static let kept = LockedValue<[Any]>([])

  static func keep(_ value: Any) { kept.withLock { $0.append(value) } }
}
