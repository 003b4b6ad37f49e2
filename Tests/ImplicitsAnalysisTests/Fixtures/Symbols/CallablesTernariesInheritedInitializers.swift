import Implicits

final class Network {}
final class Analytics {}
struct User { let id: Int }

// A stored property whose type has `callAsFunction` taking the scope.
struct FetchUser {
  func callAsFunction(_ id: Int, _ scope: ImplicitScope) -> User {
    @Implicit var network: Network
    return User(id: id)
  }
}

let fetchDefault = FetchUser()

final class Profile {
  let fetchUser = FetchUser()
  var fetchTyped: FetchUser = FetchUser()
  func load(_ id: Int, _ scope: ImplicitScope) -> [User] {
    [fetchUser(id, scope), fetchTyped(id, scope), fetchDefault(id, scope)]
  }
}

// A ternary of a class and its subclass has the superclass's type.
class Wallet { init(balance: Int) {} }
final class PremiumWallet: Wallet {}
final class GiftWallet: Wallet {}

func pay(_ scope: ImplicitScope) { @Implicit var wallet: Wallet }

// A class that declares no initializer inherits its superclass's: the
// inherited scope-taking one reads the subclass's stored implicits.
class Account {
  let id: Int
  init(id: Int, _ scope: ImplicitScope) { self.id = id }
}
final class TrackedAccount: Account {
  @Implicit var analytics: Analytics
}

func main(premium: Bool) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  @Implicit var wallet = premium ? PremiumWallet(balance: 1) : GiftWallet(balance: 2)
  @Implicit var analytics = Analytics()
  _ = Profile().load(1, scope)
  pay(scope)
  _ = TrackedAccount(id: 1, scope)
}

func forgotAnalytics() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Analytics}}
  defer { scope.end() }
  _ = TrackedAccount(id: 2, scope) // expected-note:7 {{'Analytics' is required here by stored property 'analytics' of 'TrackedAccount' in 'forgotAnalytics()'}}
}
