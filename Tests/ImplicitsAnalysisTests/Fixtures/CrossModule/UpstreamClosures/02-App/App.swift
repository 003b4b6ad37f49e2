import Implicits
import Kit

func describe(_ scope: ImplicitScope) -> String {
  @Implicit var logger: Logger
  return "\(logger)"
}

func work(_ queue: Queue, _ scope: ImplicitScope) {
  // Non-escaping closure parameters of an upstream function run during the
  // call: they use the scope around them.
  let text = retrying(times: 3) { describe(scope) }
  measure("describe") { _ = describe(scope) }
  queue.run { _ = describe(scope) }
  _ = text

  // Escaping ones may run after the scope has ended.
  later { _ = describe(scope) } // expected-error {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  maybe { _ = describe(scope) } // expected-error {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  queue.schedule(after: 1) { _ = describe(scope) } // expected-error {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  // So does the argument of an upstream '@escaping @autoclosure'.
  queue.log(describe(scope)) // expected-error {{The argument of '@escaping @autoclosure' parameter of 'Queue.log(_:)' runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
}

func root() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Logger}}
  defer { scope.end() }
  work(Queue(), scope)
}
