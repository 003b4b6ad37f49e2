import Dispatch
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest
import ImplicitsToolSupport

/// Decides whether a module is up to date: its record, the sizes and times
/// of its sources (as the manifest's walk saw them; files hashed only when
/// those changed) and outputs, its options, and the fingerprints of its
/// dependencies as this build knows them. Cheap: the build runs it on its
/// own threads, and reads no interface while the outputs' stamps match.
struct ModuleCheck {
  let name: String
  let sources: [SourceFile]
  let sourcesRoot: String
  let layout: BuildLayout
  let optionsSignature: String
  /// The identity of the tool that analyzes (`ToolIdentity`), which the
  /// record must name.
  let tool: String
  let fileSystem: any FileSystem

  /// What `run` found.
  enum Verdict {
    /// Up to date, or its sources cannot be read: nothing to analyze.
    case done(ModuleOutcome)
    /// To be analyzed, and why; the sources as hashed (when they were).
    case analyze(reason: ModuleReason, records: [String: ModuleState.SourceRecord])
  }

  /// `fingerprint` gives an upstream module's interface fingerprint as this
  /// build knows it (nil when it does not know the module).
  func run(previous: ModuleState?, fingerprint: (String) -> String?) -> Verdict {
    let clock = Stopwatch()
    func seconds() -> Double { clock.seconds }
    guard let previous else { return .analyze(reason: .noPreviousAnalysis, records: [:]) }
    let snapshot: SourceSnapshot
    do {
      snapshot = try SourceSnapshot.take(
        paths: sources.map(\.path), stamps: sources.map { FileStamp(size: $0.size, modified: $0.modified) },
        sourcesRoot: sourcesRoot, previous: previous.sources, fileSystem: fileSystem)
    } catch {
      return .done(.unreadableSource(error, module: name, seconds: seconds()))
    }
    let current = snapshot.records
    let outputs: (interface: FileStamp?, supportFile: FileStamp?)
    switch staleness(previous, current: current, fingerprint: fingerprint) {
    case .stale(let reason): return .analyze(reason: reason, records: current)
    case .current(let interface, let supportFile): outputs = (interface, supportFile)
    }
    var outcome = ModuleOutcome(
      status: .upToDate, seconds: seconds(), reason: .unchanged,
      diagnostics: previous.warnings, fingerprint: previous.interfaceFingerprint)
    // Files touched but not changed: remember their new times, so that the
    // next build does not read them again.
    if current != previous.sources || outputs.interface != previous.interfaceStamp
      || outputs.supportFile != previous.supportFileStamp
    {
      var refreshed = previous
      refreshed.sources = current
      refreshed.interfaceStamp = outputs.interface
      refreshed.supportFileStamp = outputs.supportFile
      outcome.record = refreshed
    }
    return .done(outcome)
  }

  private enum Staleness {
    case stale(ModuleReason)
    /// The outputs' stamps now.
    case current(interface: FileStamp?, supportFile: FileStamp?)
  }

  /// Why the recorded analysis cannot be trusted now, or the outputs'
  /// stamps when it can.
  private func staleness(
    _ previous: ModuleState, current: [String: ModuleState.SourceRecord], fingerprint: (String) -> String?
  ) -> Staleness {
    if previous.toolVersion != tool {
      return .stale(.toolChanged(from: previous.toolVersion, to: tool))
    }
    if previous.options != optionsSignature { return .stale(.optionsChanged) }
    if current.count != previous.sources.count || current.contains(where: { previous.sources[$0.key]?.hash != $0.value.hash }) {
      let changed = current.filter { previous.sources[$0.key]?.hash != $0.value.hash }.map(\.key)
      let removed = previous.sources.keys.filter { current[$0] == nil }
      return .stale(.sourcesChanged((changed + removed).sorted()))
    }
    // The first changed one by name, so that the reason is the same in every build.
    var changedUpstream: String?
    for (module, recorded) in previous.upstream where fingerprint(module) != recorded {
      if changedUpstream.map({ module < $0 }) ?? true { changedUpstream = module }
    }
    if let changedUpstream { return .stale(.upstreamChanged(changedUpstream)) }
    let interfacePath = layout.interface(of: name)
    let interfaceStamp = FileStamp(path: interfacePath, in: fileSystem)
    if previous.interfaceStamp == nil || interfaceStamp != previous.interfaceStamp {
      guard let bytes = try? fileSystem.read(interfacePath, limit: Int(UInt32.max)),
        let interface = try? InterfaceFile(bytes: bytes, path: interfacePath, expectedModule: name),
        interface.fingerprint.description == previous.interfaceFingerprint
      else { return .stale(.interfaceMissingOrModified) }
    }
    let supportPath = layout.supportFile(of: name)
    let supportStamp = FileStamp(path: supportPath, in: fileSystem)
    if previous.supportFileStamp == nil || supportStamp != previous.supportFileStamp {
      guard let support = try? fileSystem.read(supportPath), SHA256.hex(support) == previous.supportFile
      else { return .stale(.supportFileMissingOrModified) }
    }
    return .current(interface: interfaceStamp, supportFile: supportStamp)
  }
}
