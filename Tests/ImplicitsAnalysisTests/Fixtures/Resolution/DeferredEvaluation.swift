import Implicits

// Code that Swift runs later than where it is written runs after the
// scope may have ended: an escaping closure in disguise.

final class Logger {}
struct Request { let id: Int }

func describe(_ request: Request, _ scope: ImplicitScope) -> String {
  @Implicit var logger: Logger
  return "request \(request.id)"
}

final class LogBuffer {
  var pending: [() -> String] = []
  func debug(_ message: @escaping @autoclosure () -> String) { pending.append(message) }
  func now(_ message: @autoclosure () -> String) { _ = message() }
}

@propertyWrapper struct Deferred<Value> {
  private let make: () -> Value
  init(wrappedValue: @escaping @autoclosure () -> Value) { make = wrappedValue }
  var wrappedValue: Value { make() }
}

@propertyWrapper struct Eager<Value> {
  var wrappedValue: Value
  init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

struct Section {
  init(_ id: Int, _ scope: ImplicitScope) {
    @Implicit var logger: Logger
  }
}

func handle(_ request: Request, _ buffer: LogBuffer, _ scope: ImplicitScope) {
  buffer.debug(describe(request, scope)) // expected-error:34 {{The argument of '@escaping @autoclosure' parameter 'message' of 'LogBuffer.debug(_:)' runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
  buffer.now(describe(request, scope))
  let text = describe(request, scope)
  buffer.debug(text)
  @Deferred var reviews = Section(request.id, scope) // expected-error:47 {{The initial value of '@Deferred var reviews' (an '@escaping @autoclosure' of 'Deferred.init(wrappedValue:)') runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
  @Eager var header = Section(request.id, scope)
  lazy var footer = Section(request.id, scope) // expected-error:41 {{The initializer of 'lazy var footer' runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
  _ = (reviews, header, footer)
}

func unknownWrapper(_ scope: ImplicitScope) {
  @Unknown var value = Section(1, scope) // expected-error:35 {{The initial value of '@Unknown var value' (the analyzer cannot see the wrapper's 'init(wrappedValue:)', which may keep it as an '@escaping @autoclosure') runs later, when the scope may have ended: evaluate it before (a 'let'), or pass a closure that captures a bag ('[implicits = #implicits]') and reopens it with 'let scope = ImplicitScope(with: implicits)'}}
  _ = value
}

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  handle(Request(id: 1), LogBuffer(), scope)
  unknownWrapper(scope)
}
