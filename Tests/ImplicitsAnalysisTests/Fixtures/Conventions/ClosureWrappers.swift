import Implicits

final class Analytics {}
final class Haptics {}
final class Clock {}

func track(_ scope: ImplicitScope) {
  @Implicit var analytics: Analytics
}

// A closure wrapper captures, where it is called, what its closure
// requires; the call site requires it.
func wrappers() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Clock, Haptics}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let onTap: () -> Void = withTapImplicits { scope in
    track(scope)
    @Implicit var haptics: Haptics
  }
  let onSelect: (Int) -> Void = withSelectImplicits { (index: Int, scope) in
    @Implicit var clock: Clock
    track(scope)
  }
  let onPair: (String, Bool) -> Void = withPairImplicits { name, flag, scope in
    track(scope)
  }
  onTap()
  onSelect(1)
  onPair("a", true)
}

func nested() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Clock}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = withOuterImplicits { scope in
    track(scope)
    _ = withInnerImplicits { (_: Int, scope) in
      @Implicit var clock: Clock
    }
  }
}

func withoutScope() {
  _ = withOrphanImplicits { scope in // expected-error {{Calling a closure wrapper requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
    track(scope)
  }
}

func duplicates(_ scope: ImplicitScope) {
  _ = withTwiceImplicits { scope in
    track(scope)
  }
  _ = withTwiceImplicits { scope in // expected-error {{Closure wrappers must have unique names: 'withTwiceImplicits' is already used in this module, and the generated function captures what one closure requires; give this one another name}}
    track(scope)
  }
}

func noScopeParameter(_ scope: ImplicitScope) {
  _ = withNothingImplicits { // expected-error {{The closure of 'withNothingImplicits' takes the scope as its last parameter: 'withNothingImplicits { scope in … }' or 'withNothingImplicits { a, b, scope in … }'}}
    print("no scope")
  }
}
