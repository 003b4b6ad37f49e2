import Implicits

final class Network {}
final class Database {}

final class Builder {
  func make(_ value: Int, _ scope: ImplicitScope) { // expected-note:8 {{found this candidate: 'Builder.make(_:_:)'}}
    @Implicit var network: Network
  }

  func make(_ value: String, _ scope: ImplicitScope) { // expected-note:8 {{found this candidate: 'Builder.make(_:_:)'}}
    @Implicit var database: Database
  }
}

func ambiguous(_ value: Unknown) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = Network()
  @Implicit var database = Database()
  let builder = Builder()
  builder.make(value, scope) // expected-error:11 {{Ambiguous use of 'make(_:_:)'}}
}
