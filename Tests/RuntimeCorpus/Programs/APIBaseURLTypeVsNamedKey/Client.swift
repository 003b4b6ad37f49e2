import Implicits

extension ImplicitsKeys {
  static let apiBaseURL = Key<String>()
}

final class Session {
  let user: String
  init(user: String) { self.user = user }
}

func endpoint(_ path: String, _: ImplicitScope) -> String {
  @Implicit(\.apiBaseURL) var base: String
  return base + path
}

func loadInbox(_ scope: ImplicitScope) -> String {
  @Implicit var session: Session
  return "inbox of \(session.user) from \(endpoint("/inbox", scope))"
}

func launchMail(user: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session(user: user)
  // Meant to set the API base URL; without the key path this provides
  // the type key `String`.
  @Implicit var apiBaseURL = "https://mail.example"
  return loadInbox(scope)
}

/// The test harness of the team sets the key correctly.
func launchMailForTests(user: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session(user: user)
  @Implicit(\.apiBaseURL) var apiBaseURL = "http://localhost:8080"
  return loadInbox(scope)
}
