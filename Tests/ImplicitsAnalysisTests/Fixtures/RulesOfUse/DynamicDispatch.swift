import Implicits

// Dynamic dispatch is refused only where other modules could add bodies:
// a requirement of a public protocol, an 'open' or 'class' member.

public protocol PublicBuilder {
  func build(_ scope: ImplicitScope) // expected-error:8 {{Scope-taking method 'build(_:)' cannot be a requirement of a public protocol: implementations in other modules could read what its callers do not provide; declare what it requires with '@RequiresImplicits(.type(T.self), .named(\.name))', make 'PublicBuilder' internal, or declare the method in a concrete type or a protocol extension}}
}

protocol Builder {
  func build(_ scope: ImplicitScope)
}

extension Builder {
  func helper(_ scope: ImplicitScope) {}
}

struct Plain: Builder {
  func build(_ scope: ImplicitScope) {}
}

struct Elsewhere: Builder {} // expected-error:8 {{'Elsewhere' conforms to 'Builder' but the analyzer cannot find its implementation of 'build(_:)' in this module; implement it in 'Elsewhere' or in an extension of 'Builder'}}

open class OpenBase {
  open func render(_ scope: ImplicitScope) {} // expected-error:13 {{Scope-taking method 'render(_:)' cannot be 'open' as it is: overrides in other modules could read what its callers do not provide; declare what it requires with '@RequiresImplicits(.type(T.self), .named(\.name))', or use 'public' and make it 'final'}}
  public func notOverridableElsewhere(_ scope: ImplicitScope) {}
}

class Base {
  class func make(_ scope: ImplicitScope) {} // expected-error:14 {{Scope-taking method 'make(_:)' cannot be a 'class' member as it is: it could be overridden; declare what it requires with '@RequiresImplicits(.type(T.self), .named(\.name))', or use 'static'}}
  func draw(_ scope: ImplicitScope) {}
  subscript(_ index: Int, _ scope: ImplicitScope) -> Int { index } // expected-error:3 {{Scope-taking subscript 'subscript(_:_:)' of non-final class 'Base' could be overridden; mark it 'final' (or the class 'final'), or declare what it requires with '@RequiresImplicits(.type(T.self), .named(\.name))'}}
  final func fine(_ scope: ImplicitScope) {}
  static func alsoFine(_ scope: ImplicitScope) {}
  init(_ scope: ImplicitScope) {}
}

extension Base {
  func fromExtension(_ scope: ImplicitScope) {}
}

class Derived: Base {
  override func draw(_ scope: ImplicitScope) {}
}

final class Sealed {
  func fine(_ scope: ImplicitScope) {}
}

actor Worker {
  func fine(_ scope: ImplicitScope) {}
}
