import Implicits
import Kit

func describe(_ scope: ImplicitScope) -> String {
  @Implicit var logger: Logger // expected-note:3 {{'Logger' is required here by 'describe(_:)'}}
  return "\(logger)"
}

func work(_ queue: Queue, _ scope: ImplicitScope) {
  // Non-escaping closure parameters of an upstream function run during the
  // call: they use the scope around them.
  let text = retrying(times: 3) { describe(scope) } // expected-note:35 {{'describe(_:)' requires 'Logger', called here}}
  measure("describe") { _ = describe(scope) }
  queue.run { _ = describe(scope) }
  _ = text

  // Escaping ones may run after the scope has ended.
  later { _ = describe(scope) } // expected-error:24 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  maybe { _ = describe(scope) } // expected-error:24 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  queue.schedule(after: 1) { _ = describe(scope) } // expected-error:43 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  // So does the argument of an upstream '@escaping @autoclosure'.
  queue.log(describe(scope)) // expected-error:22 {{The argument of '@escaping @autoclosure' parameter of 'Queue.log(_:)' runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
}

func root() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  work(Queue(), scope) // expected-note:3 {{'work(_:_:)' requires 'Logger', called here}}
}
