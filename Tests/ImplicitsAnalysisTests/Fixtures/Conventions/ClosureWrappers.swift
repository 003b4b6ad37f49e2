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
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Clock, Haptics}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  let onTap: () -> Void = withTapImplicits { scope in // expected-note:27 {{'withTapImplicits' requires 'Haptics', called here}}
    track(scope)
    @Implicit var haptics: Haptics // expected-note:5 {{'Haptics' is required here by 'closure passed to 'withTapImplicits''}}
  }
  let onSelect: (Int) -> Void = withSelectImplicits { (index: Int, scope) in // expected-note:33 {{'withSelectImplicits' requires 'Clock', called here}}
    @Implicit var clock: Clock // expected-note:5 {{'Clock' is required here by 'closure passed to 'withSelectImplicits''}}
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
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Clock}}
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  _ = withOuterImplicits { scope in // expected-note:7 {{'withOuterImplicits' requires 'Clock', called here}}
    track(scope)
    _ = withInnerImplicits { (_: Int, scope) in // expected-note:9 {{'withInnerImplicits' requires 'Clock', called here}}
      @Implicit var clock: Clock // expected-note:7 {{'Clock' is required here by 'closure passed to 'withInnerImplicits''}}
    }
  }
}

func withoutScope() {
  _ = withOrphanImplicits { scope in // expected-error:7 {{Calling a closure wrapper requires a scope: take '_ scope: ImplicitScope' as a parameter or open a local scope}}
    track(scope)
  }
}

func duplicates(_ scope: ImplicitScope) {
  _ = withTwiceImplicits { scope in // expected-note:7 {{'withTwiceImplicits' is first used here}}
    track(scope)
  }
  _ = withTwiceImplicits { scope in // expected-error:7 {{Closure wrappers must have unique names: 'withTwiceImplicits' is already used in this module, and the generated function captures what one closure requires; give this one another name}}
    track(scope)
  }
}

func noScopeParameter(_ scope: ImplicitScope) {
  _ = withNothingImplicits { // expected-error:28 {{The closure of 'withNothingImplicits' takes the scope as its last parameter: 'withNothingImplicits { scope in … }' or 'withNothingImplicits { a, b, scope in … }'}}
    print("no scope")
  }
}
