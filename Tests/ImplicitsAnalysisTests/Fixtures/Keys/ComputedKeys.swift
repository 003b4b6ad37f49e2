import Implicits

// A computed named key is a name for a stored key of this module; any other
// getter makes a new key at each use, which no read can find.
extension ImplicitsKeys {
  static var fresh: Key<Int> { Key<Int>() } // expected-error:14 {{computed named key 'fresh' must return a stored key of this module, as in 'static var fresh: Key<T> { _fresh }' over 'private static let _fresh = Key<T>()': any other getter makes a new key at each use, which no read can find}}
  static var baseURL: Key<String> { _baseURL }
  static var legacyBaseURL: Key<String> { return ImplicitsKeys._baseURL }
  static var spelledWithGetter: Key<String> { get { Self._baseURL } }
  private static let _baseURL = Key<String>()
  static var dangling: Key<Int> { _nothing } // expected-error:14 {{computed named key 'dangling' returns '_nothing', which is no stored key of this module visible here; declare it in 'extension ImplicitsKeys' as 'static let _nothing = Key<T>()'}}
  static var wrongType: Key<Int> { _baseURL } // expected-error:14 {{computed named key 'wrongType' is a 'Key<Int>' but returns '_baseURL', a 'Key<String>'; declare both with one value type}}
  static var counted: Key<Int> { count += 1; return _retries } // expected-error:14 {{computed named key 'counted' must return a stored key of this module, as in 'static var counted: Key<T> { _counted }' over 'private static let _counted = Key<T>()': any other getter makes a new key at each use, which no read can find}}
  static let _retries = Key<Int>()
}

var count = 0

func readNew(_ scope: ImplicitScope) {
  @Implicit(\.baseURL) var url: String // expected-note:3 {{'\.baseURL' is required here by 'readNew(_:)'}}
  _ = url
}

func readOld(_ scope: ImplicitScope) {
  @Implicit(\.legacyBaseURL) var url: String
  _ = url
}

func readStored(_ scope: ImplicitScope) {
  @Implicit(ImplicitsKeys._baseURL) var url: String
  _ = url
}

func readThroughGetter(_ scope: ImplicitScope) {
  @Implicit(ImplicitsKeys.spelledWithGetter) var url: String
  _ = url
}

// Every name of one stored key is that key: a provide under one serves a
// read under any other.
func provideUnderOldName() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.legacyBaseURL) var url = "https://example.com"
  readNew(scope)
  readOld(scope)
  readStored(scope)
  readThroughGetter(scope)
}

func provideUnderStoredName() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(ImplicitsKeys._baseURL) var url = "https://example.com"
  readNew(scope)
}

func provideNothing() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.baseURL}}
  defer { scope.end() }
  readNew(scope) // expected-note:3 {{'readNew(_:)' requires '\.baseURL', called here}}
}
