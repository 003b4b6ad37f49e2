import Implicits

final class Logger {}

func variable() {
  var scope = ImplicitScope() // expected-error:3 {{A local scope is a 'let' named 'scope': write 'let scope = …'}}
  defer { scope.end() }
}

func otherName() {
  let context = ImplicitScope() // expected-error:3 {{A local scope is a 'let' named 'scope': write 'let scope = …'}}
  defer { context.end() }
}

func missingDefer() {
  let scope = ImplicitScope() // expected-error:3 {{A local scope must be followed by 'defer { scope.end() }'}}
  print("no defer")
}

func crowdedDefer() {
  let scope = ImplicitScope()
  defer { // expected-error:3 {{'defer { scope.end() }' must hold nothing else}}
    print("bye")
    scope.end()
  }
}

func secondRoot() {
  let scope = ImplicitScope()
  defer { scope.end() }
  do {
    let scope = ImplicitScope() // expected-error:5 {{A scope already exists here: use 'let scope = scope.nested()' instead of a new root scope}}
    defer { scope.end() }
  }
}

func rootInScopeTakingFunction(_ scope: ImplicitScope) {
  do {
    let scope = ImplicitScope() // expected-error:5 {{A scope already exists here: use 'let scope = scope.nested()' instead of a new root scope}}
    defer { scope.end() }
  }
}

func twoInOneBlock(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  let inner = scope.nested() // expected-error:3 {{A block opens at most one local scope; open another one in a nested block}} expected-error:3 {{A local scope is a 'let' named 'scope': write 'let scope = …'}}
  defer { inner.end() }
}

func nothingToNest() {
  let scope = scope.nested() // expected-error:3 {{There is no scope to nest here: take '_ scope: ImplicitScope' as a parameter or open a root scope with 'let scope = ImplicitScope()'}}
  defer { scope.end() }
}

func endsReceivedScope(_ scope: ImplicitScope) {
  defer { scope.end() } // expected-error:3 {{'defer { scope.end() }' belongs right after the 'let scope = …' it ends; a function ends only the scopes it created}}
}

func endsInline(_ scope: ImplicitScope) {
  scope.end() // expected-error:3 {{'scope.end()' belongs in 'defer { scope.end() }' right after 'let scope = …'; a function ends only the scopes it created}}
}

func inExpression() {
  use(ImplicitScope()) // expected-error:7 {{A local scope must be created at the top level of its block as 'let scope = …'}}
}

func use(_ scope: ImplicitScope) {}

func fine() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  if true {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
  }
}
