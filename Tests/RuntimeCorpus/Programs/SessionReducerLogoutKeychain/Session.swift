import Implicits

final class Keychain {
  private(set) var tokens: [String: String] = [:]
  func store(_ token: String, for user: String) { tokens[user] = token }
  func wipe(_ user: String) { tokens[user] = nil }
}

final class AuthAPI {
  func login(_ user: String) -> String { "token-\(user)" }
}

enum SessionAction {
  case login(String)
  case refresh
  case logout
}

struct SessionState {
  var user: String?
  var events: [String] = []
}

func sessionReducer(_ state: inout SessionState, _ action: SessionAction, _ scope: ImplicitScope) {
  switch action {
  case let .login(user):
    let scope = scope.nested()
    defer { scope.end() }
    // The keychain is opened for the login only.
    @Implicit var keychain = Keychain()
    saveToken(for: user, scope)
    state.user = user
    state.events.append("login \(user)")
  case .refresh:
    state.events.append("refresh \(state.user ?? "-")")
  case .logout:
    if let user = state.user {
      forgetToken(for: user, scope)
    }
    state.user = nil
    state.events.append("logout")
  }
}

func saveToken(for user: String, _: ImplicitScope) {
  @Implicit var api: AuthAPI
  @Implicit var keychain: Keychain
  keychain.store(api.login(user), for: user)
}

func forgetToken(for user: String, _: ImplicitScope) {
  @Implicit var keychain: Keychain
  keychain.wipe(user)
}

func runSession(_ actions: [SessionAction]) -> SessionState {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var api = AuthAPI()
  var state = SessionState()
  for action in actions {
    sessionReducer(&state, action, scope)
  }
  return state
}
