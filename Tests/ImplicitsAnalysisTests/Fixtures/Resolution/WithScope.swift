import Implicits

final class Network {}
final class Cache {}

func fetch(_: ImplicitScope) async {
  @Implicit var network: Network // expected-note:3 {{'Network' is required here by 'fetch(_:)'}} expected-note:3 {{'Network' is required here by 'fetch(_:)'}}
}

func store(_: ImplicitScope) {
  @Implicit var cache: Cache // expected-note:3 {{'Cache' is required here by 'store(_:)'}}
}

func syncRoot() {
  withScope { scope in // expected-error:3 {{Unresolved requirement: Cache}}
    @Implicit var network = Network()
    store(scope) // expected-note:5 {{'store(_:)' requires 'Cache', called here}}
  }
}

func asyncRoot() async {
  await withScope { scope in // expected-error:9 {{Unresolved requirement: Network}}
    @Implicit var cache = Cache()
    store(scope)
    await fetch(scope) // expected-note:11 {{'fetch(_:)' requires 'Network', called here}}
  }
}

func asyncComplete() async throws {
  try await withScope { scope in
    @Implicit var network = Network()
    @Implicit var cache = Cache()
    await fetch(scope)
    store(scope)
  }
}

final class Holder {
  let implicits = #implicits // expected-note:19 {{the bag captured here needs 'Network'}}
  init(_ scope: ImplicitScope) {}

  func reopen() async {
    await withScope(with: implicits) { scope in
      await fetch(scope) // expected-note:13 {{'fetch(_:)' requires 'Network', called here}}
    }
  }
}

func makeHolder() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Network}}
  defer { scope.end() }
  _ = Holder(scope) // expected-note:7 {{'Holder.init(_:)' requires 'Network', called here}}
}
