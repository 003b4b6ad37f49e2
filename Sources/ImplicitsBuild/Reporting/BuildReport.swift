import ImplicitsInterface

/// The JSON report of a build (`--build-report`): one object with a
/// `modules` array; each entry has `name`, `status` (`analyzed`,
/// `up-to-date`, `failed` or `not-run`) and `seconds`, plus `reason` and
/// the counts of diagnostics.
struct BuildReport: Encodable {
  struct Module: Encodable {
    var name: String
    var status: ModuleOutcome.Status
    var seconds: Double
    /// Seconds since the build started when the module started.
    var started: Double
    var reason: String
    var errors: Int
    var warnings: Int

    init(name: String, _ outcome: ModuleOutcome) {
      self.name = name
      status = outcome.status
      seconds = outcome.seconds
      started = outcome.started
      reason = outcome.explanation
      errors = outcome.diagnostics.filter { $0.severity == .error }.count
      warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
    }
  }

  var toolVersion = ToolVersion.current
  var manifest: String
  /// The manifest configuration built, when it names some.
  var configuration: String?
  var succeeded: Bool
  var seconds: Double
  var modules: [Module]
}
