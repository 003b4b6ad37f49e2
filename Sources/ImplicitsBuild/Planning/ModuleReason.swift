import ImplicitsInterface
import ImplicitsToolSupport

/// Why a module of a build was analyzed, skipped, failed before its
/// analysis or did not run: what `--explain`, the build report and the
/// record of the last build's failures say, worded here and nowhere else.
package enum ModuleReason: Equatable, Sendable {
  // Analyzed:
  case noPreviousAnalysis
  case toolChanged(from: String, to: String)
  case optionsChanged
  /// The changed or removed files, sorted; the first three are named.
  case sourcesChanged([String])
  case upstreamChanged(String)
  case interfaceMissingOrModified
  case supportFileMissingOrModified
  // Up to date:
  case unchanged
  // Failed outside the code:
  case upstreamUnusable(String)
  case sourceUnreadable
  case noWorkerProcess
  case analysisCrashed
  // Not run:
  case interruptedWhileAnalyzed
  case dependencyFailed(String)
  case buildStopped(interrupted: Bool)

  /// Whether a module stale for this reason is stale whatever the
  /// fingerprints of its dependencies (`ModuleCheck` decides it before it
  /// looks at them).
  var isDecidedBeforeUpstream: Bool {
    switch self {
    case .noPreviousAnalysis, .toolChanged, .optionsChanged, .sourcesChanged: true
    default: false
    }
  }

  /// In words.
  package var text: String {
    switch self {
    case .noPreviousAnalysis: "no previous analysis"
    case .toolChanged(let from, let to): "the tool changed (\(from) -> \(to))"
    case .optionsChanged: "its options or dependencies changed"
    case .sourcesChanged(let names):
      "sources changed: " + names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    case .upstreamChanged(let module): "the interface of '\(module)' changed"
    case .interfaceMissingOrModified: "its interface is missing or was modified"
    case .supportFileMissingOrModified: "its support file is missing or was modified"
    case .unchanged: "sources, options and upstream interfaces unchanged"
    case .upstreamUnusable(let module): "upstream interface '\(module)' is unusable"
    case .sourceUnreadable: "a source file is unreadable"
    case .noWorkerProcess: "no worker process could be started"
    case .analysisCrashed: "its analysis crashed"
    case .interruptedWhileAnalyzed: "the build was interrupted while it was analyzed"
    case .dependencyFailed(let module): "'\(module)', which it depends on, failed or did not run"
    case .buildStopped(let interrupted): interrupted ? "the build stopped" : "the build stopped after a failure"
    }
  }
}

extension ModuleReason: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    switch self {
    case .noPreviousAnalysis: writer.u8(0)
    case .toolChanged(let from, let to):
      writer.u8(1)
      from.encode(to: &writer)
      to.encode(to: &writer)
    case .optionsChanged: writer.u8(2)
    case .sourcesChanged(let names):
      writer.u8(3)
      names.encode(to: &writer)
    case .upstreamChanged(let module):
      writer.u8(4)
      module.encode(to: &writer)
    case .interfaceMissingOrModified: writer.u8(5)
    case .supportFileMissingOrModified: writer.u8(6)
    case .unchanged: writer.u8(7)
    case .upstreamUnusable(let module):
      writer.u8(8)
      module.encode(to: &writer)
    case .sourceUnreadable: writer.u8(9)
    case .noWorkerProcess: writer.u8(10)
    case .analysisCrashed: writer.u8(11)
    case .interruptedWhileAnalyzed: writer.u8(12)
    case .dependencyFailed(let module):
      writer.u8(13)
      module.encode(to: &writer)
    case .buildStopped(let interrupted):
      writer.u8(14)
      interrupted.encode(to: &writer)
    }
  }

  package init?(from reader: inout ByteReader) {
    switch reader.u8() ?? .max {
    case 0: self = .noPreviousAnalysis
    case 1:
      guard let from = String(from: &reader), let to = String(from: &reader) else { return nil }
      self = .toolChanged(from: from, to: to)
    case 2: self = .optionsChanged
    case 3:
      guard let names = [String](from: &reader) else { return nil }
      self = .sourcesChanged(names)
    case 4:
      guard let module = String(from: &reader) else { return nil }
      self = .upstreamChanged(module)
    case 5: self = .interfaceMissingOrModified
    case 6: self = .supportFileMissingOrModified
    case 7: self = .unchanged
    case 8:
      guard let module = String(from: &reader) else { return nil }
      self = .upstreamUnusable(module)
    case 9: self = .sourceUnreadable
    case 10: self = .noWorkerProcess
    case 11: self = .analysisCrashed
    case 12: self = .interruptedWhileAnalyzed
    case 13:
      guard let module = String(from: &reader) else { return nil }
      self = .dependencyFailed(module)
    case 14:
      guard let interrupted = Bool(from: &reader) else { return nil }
      self = .buildStopped(interrupted: interrupted)
    default: return nil
    }
  }
}
