import Implicits

protocol Builder {
  func build(_ scope: ImplicitScope) // expected-error {{Scope-taking method 'build(_:)' cannot be a protocol requirement: calls through a protocol are dispatched dynamically; declare it in a concrete type or a protocol extension}}
}

extension Builder {
  func helper(_ scope: ImplicitScope) {}
}

open class OpenBase {
  open func render(_ scope: ImplicitScope) {} // expected-error {{Scope-taking method 'render(_:)' cannot be 'open': it could be overridden; use 'public' and make it 'final'}}
}

class Base {
  class func make(_ scope: ImplicitScope) {} // expected-error {{Scope-taking method 'make(_:)' cannot be a 'class' member: it could be overridden; use 'static'}}
  func draw(_ scope: ImplicitScope) {} // expected-error {{Scope-taking method 'draw(_:)' of non-final class 'Base' could be overridden; mark it 'final' (or the class 'final')}}
  final func fine(_ scope: ImplicitScope) {}
  static func alsoFine(_ scope: ImplicitScope) {}
  init(_ scope: ImplicitScope) {}
}

extension Base {
  func fromExtension(_ scope: ImplicitScope) {}
}

class Derived: Base {
  override func draw(_ scope: ImplicitScope) {} // expected-error {{Scope-taking method 'draw(_:)' cannot be an 'override': calls to it are dispatched dynamically; give it its own name instead of 'override'}}
}

final class Sealed {
  func fine(_ scope: ImplicitScope) {}
}

actor Worker {
  func fine(_ scope: ImplicitScope) {}
}
