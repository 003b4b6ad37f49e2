import Implicits

final class Network {}
final class Cache {}

func fetch(_: ImplicitScope) async {
  @Implicit var network: Network
}

func store(_: ImplicitScope) {
  @Implicit var cache: Cache
}

func syncRoot() {
  withScope { scope in // expected-error {{Unresolved requirement: Cache}}
    @Implicit var network = Network()
    store(scope)
  }
}

func asyncRoot() async {
  await withScope { scope in // expected-error {{Unresolved requirement: Network}}
    @Implicit var cache = Cache()
    store(scope)
    await fetch(scope)
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
  let implicits = #implicits
  init(_ scope: ImplicitScope) {}

  func reopen() async {
    await withScope(with: implicits) { scope in
      await fetch(scope)
    }
  }
}

func makeHolder() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Network}}
  defer { scope.end() }
  _ = Holder(scope)
}
