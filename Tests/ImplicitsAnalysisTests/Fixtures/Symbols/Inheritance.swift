import Implicits

final class Token {}
final class Theme {}

class Base {
  init(_ scope: ImplicitScope) {
    @Implicit var token: Token
  }

  final func styled(_: ImplicitScope) {
    @Implicit var theme: Theme
  }
}

final class Derived: Base {
  override init(_ scope: ImplicitScope) {
    super.init(scope)
    styled(scope)
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
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Theme, Token}}
  defer { scope.end() }
  _ = Derived(scope)
  Label().show(scope)
}
