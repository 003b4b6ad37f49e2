import Implicits

final class Network {}
final class Cache {}

func load(_ scope: ImplicitScope, retries: Int = 3, completion: () -> Void) {
  @Implicit var network: Network // expected-note:3 {{'Network' is required here by 'load(_:retries:completion:)'}}
  completion()
}

func perform(_ value: Int = 0, _ scope: ImplicitScope) {
  @Implicit var cache: Cache // expected-note:3 {{'Cache' is required here by 'perform(_:_:)'}}
}

func run() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Cache, Network}}
  defer { scope.end() }
  load(scope) { // expected-note:3 {{'load(_:retries:completion:)' requires 'Network', called here}}
    print("done")
  }
  perform(scope) // expected-note:3 {{'perform(_:_:)' requires 'Cache', called here}}
}
