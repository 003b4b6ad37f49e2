import Implicits

final class Logger {}

func log(_: ImplicitScope) {
  @Implicit var logger: Logger
}

func schedule(_ work: @escaping () -> Void) { work() }

func usesOuterScope(_ scope: ImplicitScope, items: [Int]) {
  schedule {
    log(scope) // expected-error:9 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  }
}

func readsInClosure(_ scope: ImplicitScope) {
  let work = {
    @Implicit var logger: Logger // expected-error:5 {{Reading implicits in a closure needs a scope of the closure's own: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  }
  work()
}

func capturesProperly(_ scope: ImplicitScope, items: [Int]) {
  items.forEach { [implicits = #implicits] _ in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    log(scope)
  }
}

func closureWithOwnRoot() {
  let work = {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var logger = Logger()
    log(scope)
  }
  work()
}
