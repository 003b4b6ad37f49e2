import ImplicitsInterface

/// The names of an analysis's visible upstream interfaces kept for the
/// next analysis of the module (`AnalysisSession`): made again only when
/// the visible interfaces or their fingerprints change.
final class UpstreamNamesCache {
  /// One visible interface, in look-up order: what the names were made from.
  struct Visible: Equatable {
    var module: String
    var fingerprint: Fingerprint
  }

  private var kept: (key: [Visible], names: VisibleNames)?

  func names(for key: [Visible]) -> VisibleNames? { kept?.key == key ? kept?.names : nil }

  func keep(_ names: VisibleNames, for key: [Visible]) { kept = (key, names) }
}
