import Implicits

final class Network {}
final class Cache {}

func load(_ scope: ImplicitScope, retries: Int = 3, completion: () -> Void) {
  @Implicit var network: Network
  completion()
}

func perform(_ value: Int = 0, _ scope: ImplicitScope) {
  @Implicit var cache: Cache
}

func run() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Cache, Network}}
  defer { scope.end() }
  load(scope) {
    print("done")
  }
  perform(scope)
}
