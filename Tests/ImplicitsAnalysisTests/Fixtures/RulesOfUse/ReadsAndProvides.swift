import Implicits

final class Logger {}

func readsWithoutScope() {
  @Implicit var logger: Logger // expected-error:3 {{Reading implicits requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
}

func providesWithoutScope() {
  @Implicit var logger = Logger() // expected-error:3 {{Providing implicits requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
}

func providesInReceivedScope(_ scope: ImplicitScope) {
  @Implicit var logger = Logger() // expected-error:3 {{Providing implicits requires a local scope opened in this block: add 'let scope = scope.nested()' and 'defer { scope.end() }' before it}}
}

func providesInNestedBlock(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  if Bool.random() {
    @Implicit var logger = Logger() // expected-error:5 {{Providing implicits requires a local scope opened in this block: add 'let scope = scope.nested()' and 'defer { scope.end() }' before it}}
  }
}

func passesWithoutScope() {
  takes(scope) // expected-error:3 {{Passing a scope requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
}

func takes(_: ImplicitScope) {}

var computed: Int {
  @Implicit var logger: Logger // expected-error:3 {{Reading implicits requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
  return 1
}

func readsAreFineAnywhereBelowAScope(_ scope: ImplicitScope) {
  if Bool.random() {
    @Implicit var logger: Logger
  }
  for _ in 0..<3 {
    @Implicit var logger: Logger
  }
}
