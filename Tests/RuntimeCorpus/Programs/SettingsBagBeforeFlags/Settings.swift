import Implicits

extension ImplicitsKeys {
  static let betaChannel = Key<Bool>()
}

final class FeatureFlags {
  var experiments: [String] = ["new-tabs"]
}

struct ExperimentsRow {
  let text: String
  init(_ scope: ImplicitScope) {
    @Implicit var flags: FeatureFlags
    @Implicit(\.betaChannel) var beta
    text = beta ? "Experiments: \(flags.experiments.joined(separator: ","))" : "Experiments: off"
  }
}

final class DeveloperSettings {
  private let makeRow: () -> ExperimentsRow

  init(_ scope: ImplicitScope) {
    // Captured by hand, as the team does where macros are not allowed.
    let implicits = Implicits(capturing: .type(FeatureFlags.self), .named(\.betaChannel))
    makeRow = {
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return ExperimentsRow(scope)
    }
  }

  func render() -> String { makeRow().text }
}

func openDeveloperSettings(beta: Bool) -> DeveloperSettings {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.betaChannel) var channel = beta
  // The screen is created first, and captures its row's implicits right
  // away; the flags object it needs is set up only afterwards.
  let settings = DeveloperSettings(scope)
  @Implicit var flags = FeatureFlags()
  flags.experiments.append("reader-mode")
  return settings
}
