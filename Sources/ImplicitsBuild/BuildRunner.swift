import Dispatch
import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest

/// `implicits build`: checks the whole project first, then analyzes its
/// modules in dependency order on parallel workers, skipping what is up to
/// date, and reports.
public enum BuildRunner {
  /// Runs the build; returns the exit status (0, 1 or 2).
  public static func run(_ options: BuildOptions, console: BuildConsole, interruption: BuildInterruption? = nil) -> Int32 {
    let started = DispatchTime.now()
    let preflight: Preflight
    switch Preflight.check(
      manifestPath: options.manifestPath, outputDirectory: options.outputDirectory.map(absolutePath),
      configuration: options.configuration, defines: options.defines, selecting: options.modules,
      threads: options.jobs)
    {
    case .success(let checked):
      preflight = checked
    case .failure(let failure):
      for message in failure.messages { console.progress(message) }
      console.progress("error: the build did not start: fix the \(failure.messages.count == 1 ? "problem" : "\(failure.messages.count) problems") above")
      return 2
    }

    let manifest = preflight.manifest
    let graph = preflight.graph
    let layout = BuildLayout(outputDirectory: manifest.outputDirectory)
    let order = options.modules.isEmpty ? graph.order : graph.closure(of: options.modules)
    let progress = BuildProgress(console: console, style: options.progressStyle, total: order.count)
    // One build at a time per output directory: a second one waits, then
    // finds the work done.
    let lock: DirectoryLock
    do {
      guard
        let taken = try DirectoryLock.acquire(
          layout.outputDirectory,
          waiting: { holder in
            progress.message(
              "implicits: waiting for the build of \(holder.map { "process \($0)" } ?? "another process") "
                + "(output directory \(layout.outputDirectory))")
          },
          shouldStop: { interruption?.wasInterrupted ?? false })
      else {
        console.progress("Build interrupted while waiting for another build")
        return 130
      }
      lock = taken
    } catch {
      console.progress("error: cannot lock the output directory '\(layout.outputDirectory)': \(error.message)")
      return 2
    }
    defer { withExtendedLifetime(lock) {} }
    layout.removeLeftoverFiles()
    let database: BuildDatabase
    do {
      database = try BuildDatabase.open(path: BuildDatabase.path(in: layout))
    } catch {
      console.progress(
        "error: cannot use the build database: \(error): remove what is at that path, or make the output directory writable")
      return 2
    }
    if options.explain, let configuration = manifest.selectedConfiguration {
      progress.message(
        "configuration \(configuration): conditions "
          + (manifest.compilationConditions.isEmpty ? "none" : manifest.compilationConditions.joined(separator: ", ")) + ", "
          + "outputs in \(layout.outputDirectory)")
    }
    let format = options.diagnosticsFormat
    let renderer = DiagnosticRenderer(colored: options.colorDiagnostics)
    let collected = LockedValue<[Diagnostic]>([])
    // Fingerprints of finished modules: a module starts only after its
    // dependencies finished, so theirs are here when it needs them.
    let fingerprints = LockedValue<[String: String]>(preflight.externalFingerprints)

    let workers = AnalysisWorkers(executable: options.workerExecutable)
    let structure = graph.structureDigests()
    let scheduler = Scheduler(
      order: order,
      dependencies: Dictionary(uniqueKeysWithValues: order.map { ($0, graph.nodes[$0]!.moduleDependencies) }),
      cost: costs(of: order, database: database, sources: preflight.sources), policy: options.scheduling,
      workers: options.jobs, keepGoing: options.keepGoing,
      job: { name in
        let spec = manifest.module(named: name)!
        let sources = preflight.sources[name] ?? []
        let conditions = manifest.compilationConditions(for: spec)
        let signature = ModuleJob.optionsSignature(
          name: name, sourcesRoot: manifest.sourcesRoot, enableExporting: false, conditions: conditions,
          structure: structure[name]!)
        let check = ModuleCheck(
          name: name, sources: sources, sourcesRoot: manifest.sourcesRoot, layout: layout, optionsSignature: signature)
        var outcome: ModuleOutcome
        switch check.run(previous: database.record(of: name), fingerprint: { module in fingerprints.withLock { $0[module] } }) {
        case .done(let done):
          outcome = done
        case .analyze(let reason, let records):
          progress.started(name)
          let dependencies = graph.transitiveDependencies(of: name)
          var upstream = dependencies.map { UpstreamPath(module: $0, path: layout.interface(of: $0)) }
          upstream += graph.transitiveExternals(of: name, dependencies: dependencies).map {
            UpstreamPath(module: $0, path: manifest.externalInterface(named: $0)!.path)
          }
          let job = ModuleJob(
            name: name, sourcePaths: sources.map(\.path), conditions: conditions, upstream: upstream,
            sourcesRoot: manifest.sourcesRoot, outputDirectory: layout.outputDirectory, enableExporting: false,
            optionsSignature: signature)
          outcome = workers.analyze(job, reason: reason, records: records)
        }
        if options.warningsAsErrors, outcome.diagnostics.contains(where: { $0.severity == .warning }) {
          // The outputs stay (they are right); this build fails, and so
          // does every build with the flag while the warnings remain.
          outcome.diagnostics = outcome.diagnostics.warningsAsErrors()
          outcome.status = .failed
          outcome.failedOnWarnings = true
          outcome.reason += "; its warnings are errors (--warnings-as-errors)"
        }
        if let record = outcome.record {
          database.store(record)
          // The database has it in its file; the outcomes of every module
          // stay until the build ends, so they do not keep it too.
          outcome.record = nil
        } else if outcome.status == .failed {
          database.remove(name)
        }
        return outcome
      },
      finished: { name, outcome, count in
        if let fingerprint = outcome.fingerprint { fingerprints.withLock { $0[name] = fingerprint } }
        var printed = ""
        if format.isStreamed {
          if !outcome.diagnostics.isEmpty { printed = renderer.render(outcome.diagnostics, as: format) }
        }
        collected.withLock { $0 += outcome.diagnostics }
        progress.finished(
          name, outcome, count: count,
          explanation: options.explain ? "  \(name): \(outcome.status.rawValue): \(outcome.reason)" : nil,
          diagnostics: printed)
      })
    interruption?.attach(scheduler, workers: workers, progress: progress)
    let outcomes = scheduler.run()
    workers.finish()
    interruption?.detach()
    progress.end()
    // The outputs of failed modules, and of those that depend on one, go:
    // the output directory then holds what a clean build would.
    let failedModules = Set(order.filter { outcomes[$0]!.status == .failed && !outcomes[$0]!.failedOnWarnings })
    var removed: Set<String> = []
    for name in order where outcomes[name]!.status == .notRun || failedModules.contains(name) {
      if failedModules.contains(name) || graph.transitiveDependencies(of: name).contains(where: failedModules.contains) {
        layout.removeOutputs(of: name)
        database.remove(name)
        removed.insert(name)
      }
    }
    // What `why` says of a module whose outputs went.
    var failures = LastBuildFailures.read(in: layout)
    failures.record(outcomes, removed: removed)
    try? failures.write(in: layout)
    do {
      try database.close()
    } catch {
      console.progress("error: cannot write the build database: \(error)")
      return 2
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

    let diagnostics = collected.withLock { $0 }
    if !format.isStreamed { console.output(renderer.render(diagnostics.sortedForOutput(), as: format)) }
    let byStatus: [ModuleOutcome.Status: [String]] = Dictionary(grouping: order, by: { outcomes[$0]!.status })
    if options.explain {
      for name in order where outcomes[name]!.status == .notRun {
        console.progress("  \(name): not-run: \(outcomes[name]!.reason)")
      }
    }
    let failed = byStatus[.failed]?.count ?? 0
    let interrupted = interruption?.wasInterrupted ?? false
    let summary = BuildSummary(
      counts: byStatus.mapValues(\.count), errors: diagnostics.filter { $0.severity == .error }.count,
      warnings: diagnostics.filter { $0.severity == .warning }.count, interrupted: interrupted, seconds: elapsed)
    // `--quiet` says nothing when nothing failed, as make and ninja users expect.
    if options.progressStyle != .quiet || failed > 0 || interrupted { console.progress(summary.line) }

    if let reportPath = options.reportPath {
      let report = BuildReport(
        manifest: manifest.path, configuration: manifest.selectedConfiguration, succeeded: failed == 0 && !interrupted,
        seconds: elapsed,
        modules: order.map { name in
          let outcome = outcomes[name]!
          return BuildReport.Module(
            name: name, status: outcome.status, seconds: outcome.seconds, started: outcome.started,
            reason: outcome.reason,
            errors: outcome.diagnostics.filter { $0.severity == .error }.count,
            warnings: outcome.diagnostics.filter { $0.severity == .warning }.count)
        })
      do {
        try report.write(to: absolutePath(reportPath))
      } catch {
        console.progress("error: cannot write the build report to '\(reportPath)': \(error)")
        return 2
      }
    }
    if interrupted { return 130 }
    if order.contains(where: { outcomes[$0]!.isUnusable }) { return 2 }
    return failed > 0 ? 1 : 0
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

  public static func absolutePath(_ path: String) -> String {
    PathUtilities.absolute(path, relativeTo: PathUtilities.currentDirectory())
  }
}
