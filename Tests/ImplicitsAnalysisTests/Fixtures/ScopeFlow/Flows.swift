import Implicits

final class Logger {}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func alias(_ scope: ImplicitScope) {
  let context = scope // expected-error:17 {{An ImplicitScope reaches a callee only as a call argument: pass 'scope' directly as the '_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a return value or a collection}}
  _ = context
}

final class Holder {
  let scope: ImplicitScope // expected-error:7 {{An ImplicitScope is not stored: a scope reaches a callee only as a call argument; take '_ scope: ImplicitScope' where it is needed, or capture a bag ('let implicits = #implicits')}}

  init(_ scope: ImplicitScope) {
    self.scope = scope // expected-error:18 {{An ImplicitScope reaches a callee only as a call argument: pass 'scope' directly as the '_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a return value or a collection}}
  }

  func later() {
    log(scope) // the property: not a scope the analyzer follows (its declaration is the error)
  }
}

func returned(_ scope: ImplicitScope) -> ImplicitScope {
  return scope // expected-error:10 {{An ImplicitScope reaches a callee only as a call argument: pass 'scope' directly as the '_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a return value or a collection}}
}

func inCollection(_ scope: ImplicitScope) {
  let scopes = [scope] // expected-error:17 {{An ImplicitScope reaches a callee only as a call argument: pass 'scope' directly as the '_ scope: ImplicitScope' argument of the function that needs it, not through a variable, a property, a return value or a collection}}
  _ = scopes
}

func describe<T>(_ value: T) {}

func toAGenericParameter(_ scope: ImplicitScope) {
  describe(scope) // expected-error:3 {{'describe(_:)' takes no ImplicitScope: the scope passed here would not reach a function the analyzer can follow; pass 'scope' only as the '_ scope: ImplicitScope' argument of a scope-taking function}}
}

func renamed(_ context: ImplicitScope) { // expected-error:14 {{The ImplicitScope parameter must be spelled '_ scope: ImplicitScope' or '_: ImplicitScope'}}
  log(context)
}

func captured(_ scope: ImplicitScope) {
  let work = { log(scope) } // expected-error:20 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  work()
}

func capturedByName(_ scope: ImplicitScope) {
  let work = { [scope] in _ = scope } // expected-error:31 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  work()
}

func nestedFunction(_ scope: ImplicitScope) {
  func inner() {
    log(scope) // expected-error:9 {{A nested function cannot use the scope of the function around it: give 'inner()' its own '_ scope: ImplicitScope' parameter and pass 'scope' to it}}
  }
  inner()
  let escaping = inner
  escaping()
}

// Only ever called directly: it runs in its caller's scope
// (Resolution/NestedFunctions.swift).
func nestedFunctionReads(_ scope: ImplicitScope) {
  func inner() {
    @Implicit var logger: Logger
  }
  inner()
}

// What is allowed.
func discarded(_ scope: ImplicitScope) {
  _ = scope
}

func nestedRight(_ scope: ImplicitScope) {
  func inner(_ scope: ImplicitScope) {
    log(scope)
  }
  inner(scope)
}

func unusedName(_: ImplicitScope) {}
