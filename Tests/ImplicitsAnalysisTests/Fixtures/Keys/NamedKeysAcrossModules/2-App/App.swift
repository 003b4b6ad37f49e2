// Another module's named keys: by the key itself (`ImplicitsKeys.name`)
// everywhere a key path is taken; a key path to a stored `static let` of
// another module is a warning (Swift 6.3 crashes reading it), one to a
// computed key is not.
import Core
import Implicits

final class Endpoint {
  init(_ base: String) {}
}

public protocol Syncing {
  // expected-warning@+2:29 {{The key path '\.apiBaseURL' names a 'static let' that module 'Core' declares in 'extension ImplicitsKeys': Swift 6.3 emits no property descriptor for it, and the program crashes reading it through a key path from another module (fixed by swiftlang/swift pull request 89609, in no 6.3 release); write the key itself, 'ImplicitsKeys.apiBaseURL', or declare it in 'Core' as 'public static var apiBaseURL: Key<String> { _apiBaseURL }' over a 'private static let _apiBaseURL = Key<String>()'}}
  // expected-note@+1:29 {{fix-it: replace '\.apiBaseURL' with 'ImplicitsKeys.apiBaseURL'}}
  @RequiresImplicits(.named(\.apiBaseURL), .named(ImplicitsKeys.timeout))
  func sync(_ scope: ImplicitScope)
}

func start() {
  let scope = ImplicitScope()
  defer { scope.end() }
  // expected-warning@+2:13 {{The key path '\.apiBaseURL' names a 'static let' that module 'Core' declares in 'extension ImplicitsKeys': Swift 6.3 emits no property descriptor for it, and the program crashes reading it through a key path from another module (fixed by swiftlang/swift pull request 89609, in no 6.3 release); write the key itself, 'ImplicitsKeys.apiBaseURL', or declare it in 'Core' as 'public static var apiBaseURL: Key<String> { _apiBaseURL }' over a 'private static let _apiBaseURL = Key<String>()'}}
  // expected-note@+1:13 {{fix-it: replace '\.apiBaseURL' with 'ImplicitsKeys.apiBaseURL'}}
  @Implicit(\.apiBaseURL) var base = "https://api.example.com"
  @Implicit(ImplicitsKeys.apiBaseURL) var same = "https://api.example.com"
  @Implicit(\.timeout) var timeout = 2.5
  Implicit.map(ImplicitsKeys.apiBaseURL, to: Endpoint.self) { Endpoint($0) }
  // expected-warning@+2:16 {{The key path '\.apiBaseURL' names a 'static let' that module 'Core' declares in 'extension ImplicitsKeys': Swift 6.3 emits no property descriptor for it, and the program crashes reading it through a key path from another module (fixed by swiftlang/swift pull request 89609, in no 6.3 release); write the key itself, 'ImplicitsKeys.apiBaseURL', or declare it in 'Core' as 'public static var apiBaseURL: Key<String> { _apiBaseURL }' over a 'private static let _apiBaseURL = Key<String>()'}}
  // expected-note@+1:16 {{fix-it: replace '\.apiBaseURL' with 'ImplicitsKeys.apiBaseURL'}}
  Implicit.map(\.apiBaseURL, to: Endpoint.self) { Endpoint($0) }
  // expected-warning@+2:41 {{The key path '\.apiBaseURL' names a 'static let' that module 'Core' declares in 'extension ImplicitsKeys': Swift 6.3 emits no property descriptor for it, and the program crashes reading it through a key path from another module (fixed by swiftlang/swift pull request 89609, in no 6.3 release); write the key itself, 'ImplicitsKeys.apiBaseURL', or declare it in 'Core' as 'public static var apiBaseURL: Key<String> { _apiBaseURL }' over a 'private static let _apiBaseURL = Key<String>()'}}
  // expected-note@+1:41 {{fix-it: replace '\.apiBaseURL' with 'ImplicitsKeys.apiBaseURL'}}
  let bag = Implicits(capturing: .named(\.apiBaseURL), .named(ImplicitsKeys.timeout))
  fetch(scope)
  _ = bag
}
