import Implicits

final class Analytics {}

func unused(_ scope: ImplicitScope) -> () -> Void {
  { [implicits = #implicits] in // expected-warning:18 {{Unused bag: nothing reopens 'implicits' with 'ImplicitScope(with: implicits)'}}
    print("never reopened")
  }
}

func missingBag() {
  let scope = ImplicitScope(with: nothing) // expected-error:3 {{No bag named 'nothing' to reopen here: capture one with '[nothing = #implicits]' or 'let nothing = #implicits'}}
  defer { scope.end() }
}

func notAnIdentifier(_ makeBag: () -> Implicits) {
  let scope = ImplicitScope(with: makeBag()) // expected-error:3 {{ImplicitScope(with:) takes the bag's identifier (the name it was captured as)}}
  defer { scope.end() }
}

func strayMacro(_ scope: ImplicitScope) {
  consume(#implicits) // expected-error:11 {{#implicits captures a bag for later: use it in a closure capture list ('[implicits = #implicits]') or a stored property ('let implicits = #implicits')}}
}

func consume(_ bag: Implicits) {}

final class TwoBags {
  let first = #implicits
  let second = #implicits // expected-error:16 {{Type 'TwoBags' has more than one stored bag; keep one 'let implicits = #implicits'}} expected-warning:16 {{Unused bag: nothing reopens 'second' with 'ImplicitScope(with: second)'}}
  init(_ scope: ImplicitScope) {}

  func use() {
    let scope = ImplicitScope(with: first)
    defer { scope.end() }
    @Implicit var analytics: Analytics
  }
}

final class NoInit { // expected-error:13 {{Type 'NoInit' has a stored bag but no initializer that takes an ImplicitScope; declare 'init(_ scope: ImplicitScope)' (the memberwise initializer cannot take one)}}
  let implicits = #implicits
  func use() {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
  }
}
