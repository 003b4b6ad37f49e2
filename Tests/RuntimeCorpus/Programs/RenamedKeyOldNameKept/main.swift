// A key was renamed: its new name and its old one are computed keys over
// one stored key, so both are the same key. The app provides it under the
// old name; the client reads it under the new one.
// expect: runs
import Implicits

extension ImplicitsKeys {
  static var apiHost: Key<String> { _apiHost }
  /// The name before the rename, kept so that old call sites compile.
  static var legacyHost: Key<String> { return _apiHost }
  private static let _apiHost = Key<String>()
}

func request(_ path: String, _ scope: ImplicitScope) -> String {
  @Implicit(\.apiHost) var host: String
  return "https://" + host + path
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.legacyHost) var host = "api.example.com"
  print(request("/v1/items", scope))
}

run()
