import Foundation
import Implicits

extension ImplicitsKeys {
  static let apiBaseURL = Key<URL>()
  static let cdnBaseURL = Key<URL>()
  static let disabledByPolicy = Key<Bool>()
}

extension ImplicitsKeys {
  static var notAKey = 1 // expected-error:3 {{extension ImplicitsKeys may only declare named keys: 'static let name = Key<Type>()'}}
  func method() {} // expected-error:3 {{extension ImplicitsKeys may only declare named keys: 'static let name = Key<Type>()'}}
}

func reads(_: ImplicitScope) {
  @Implicit(\.apiBaseURL) var api: URL
  @Implicit(\.cdnBaseURL) var cdn: URL
  @Implicit(\.disabledByPolicy) var disabled // expected-note:3 {{'\.disabledByPolicy' is required here by 'reads(_:)'}}
}

func unknownKey(_: ImplicitScope) {
  @Implicit(\.nowhere) var value: Int // expected-error:3 {{Unknown named key '\.nowhere': declare it as 'static let nowhere = Key<Type>()' in 'extension ImplicitsKeys'}}
}

func provides() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: \.disabledByPolicy}}
  defer { scope.end() }
  @Implicit(\.apiBaseURL) var api = URL(string: "https://api.example.com")!
  @Implicit(\.cdnBaseURL) var cdn = URL(string: "https://cdn.example.com")!
  @Implicit var unrelated = false
  reads(scope) // expected-note:3 {{'reads(_:)' requires '\.disabledByPolicy', called here}}
}
