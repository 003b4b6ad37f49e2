import Implicits

final class Token {}
final class Theme {}

class Base {
  init(_ scope: ImplicitScope) {
    @Implicit var token: Token // expected-note:5 {{'Token' is required here by 'Base.init(_:)'}}
  }

  final func styled(_: ImplicitScope) {
    @Implicit var theme: Theme // expected-note:5 {{'Theme' is required here by 'Base.styled(_:)'}}
  }
}

final class Derived: Base {
  override init(_ scope: ImplicitScope) {
    super.init(scope) // expected-note:11 {{'Base.init(_:)' requires 'Token', called here}}
    styled(scope) // expected-note:5 {{'Base.styled(_:)' requires 'Theme', called here}}
  }
}

protocol Styled {}
extension Styled {
  func applyTheme(_: ImplicitScope) {
    @Implicit var theme: Theme
  }
}
struct Label: Styled {
  func show(_ scope: ImplicitScope) {
    applyTheme(scope)
  }
}

func make() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Theme, Token}}
  defer { scope.end() }
  _ = Derived(scope) // expected-note:7 {{'Derived.init(_:)' requires 'Theme', called here}} expected-note:7 {{'Derived.init(_:)' requires 'Token', called here}}
  Label().show(scope)
}
