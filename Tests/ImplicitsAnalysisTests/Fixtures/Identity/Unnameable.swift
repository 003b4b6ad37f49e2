import Implicits

private final class Secret {}

func readSecret(_ scope: ImplicitScope) {
  @Implicit var secret: Secret
}

func keepSecret(_ scope: ImplicitScope) -> () -> Void {
  { [implicits = #implicits] in // expected-error:18 {{The bag captured here holds 'Secret', a file-private declaration, that the generated support file cannot name; make it internal, or use a named key}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    readSecret(scope)
  }
}

func keepLocal(_ scope: ImplicitScope) -> () -> Void {
  struct Step {}
  return { [implicits = #implicits] in // expected-error:25 {{The bag captured here holds 'Step', a type declared in a function body, that the generated support file cannot name; declare it at file level, or use a named key}}
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var step: Step
  }
}
