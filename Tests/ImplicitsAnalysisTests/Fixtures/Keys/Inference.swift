import Implicits

final class Service {
  static func make() -> Service { Service() }
  static let shared = Service()
}

func makeService() -> Service { Service() }

func provides() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var fromInit = Service()
  @Implicit var fromInitKeyword = Service.init()
  @Implicit var integer = 1
  @Implicit var double = 1.5
  @Implicit var string = "text"
  @Implicit var flag = true
  @Implicit var negative = -1
  @Implicit var annotated: Service = Service.make()
  @Implicit var factory = Service.make() // expected-error {{Unable to infer implicit key: add a type annotation ('@Implicit var factory: Type = …') or use a named key}}
  @Implicit var shared = Service.shared // expected-error {{Unable to infer implicit key: add a type annotation ('@Implicit var shared: Type = …') or use a named key}}
  @Implicit var called = makeService() // expected-error {{Unable to infer implicit key: add a type annotation ('@Implicit var called: Type = …') or use a named key}}
}
