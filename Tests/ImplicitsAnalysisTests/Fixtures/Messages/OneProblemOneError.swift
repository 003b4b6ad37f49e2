import Implicits

final class Logger {}
final class Store {}

func log(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}

func save(_ id: Int, _ scope: ImplicitScope) { // expected-note:6 {{found this candidate: 'save(_:_:)'}}
  @Implicit var store: Store
}

func save(_ name: String, _ scope: ImplicitScope) { // expected-note:6 {{found this candidate: 'save(_:_:)'}}
  @Implicit var store: Store
}

// A misspelled call is one error: the chain it would have carried is not
// reported again at the root.
func caller(_ scope: ImplicitScope) {
  lgo(scope) // expected-error:3 {{Unresolved symbol 'lgo(_:)'}}
}

func root() {
  let scope = ImplicitScope()
  defer { scope.end() }
  caller(scope)
}

// Overloads that the argument's type cannot tell apart are one error, not
// also a missing key.
func ambiguous(_ value: Payload) {
  let scope = ImplicitScope()
  defer { scope.end() }
  save(value, scope) // expected-error:3 {{Ambiguous use of 'save(_:_:)'}}
}

// A provide whose key cannot be told is one error: what it was meant to
// provide is not reported missing as well.
func unknownKey(_ make: () -> Logger) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = make() // expected-error:3 {{Unable to infer implicit key: add a type annotation ('@Implicit var logger: Type = …') or use a named key}}
  log(scope)
}

// Generic parameters are a different type at every call: not a key.
func first<Element>(_ scope: ImplicitScope) -> Element {
  @Implicit var element: Element // expected-error:3 {{Generic keys are not supported: 'Element' stands for a different type at every use; use a concrete type, or a named key}}
  return element
}

struct Wrapper<Value> {
  func read(_ scope: ImplicitScope) {
    @Implicit var values: [Value] // expected-error:5 {{Generic keys are not supported: 'Value' stands for a different type at every use; use a concrete type, or a named key}}
  }
}

protocol Plugin {}

extension Plugin {
  func current(_ scope: ImplicitScope) {
    @Implicit var me: Self // expected-error:5 {{Generic keys are not supported: 'Self' stands for a different type at every use; use a concrete type, or a named key}}
  }
}
