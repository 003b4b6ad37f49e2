import Implicits

final class Diagnostics {
  private(set) var messages: [String] = []
  func add(_ message: String) { messages.append(message) }
}

final class Metrics {
  private(set) var counts: [String: Int] = [:]
  func count(_ name: String) { counts[name, default: 0] += 1 }
}

struct Token {
  let text: String
}

struct ConsumptionHandle {
  let index: Int
}

protocol TokenConsumer {
  func consume(_ handle: ConsumptionHandle, _ scope: ImplicitScope) -> Token
  func validate(_ scope: ImplicitScope)
}

extension TokenConsumer {
  /// A default that no conformer uses: the requirement is what a call
  /// through a refining protocol reaches.
  func validate(_ scope: ImplicitScope) {
    @Implicit var diagnostics: Diagnostics
    diagnostics.add("default validation")
  }
}

protocol RecoveringConsumer: TokenConsumer {}

struct Tokenizer: RecoveringConsumer {
  let words: [String]

  /// Its own method of the same labels, for another parameter type: an
  /// overload, not a replacement of the protocol's.
  func consume(_ text: String, _ scope: ImplicitScope) -> Token {
    @Implicit var diagnostics: Diagnostics
    diagnostics.add("consumed \(text)")
    return Token(text: text)
  }

  func consume(_ handle: ConsumptionHandle, _ scope: ImplicitScope) -> Token {
    @Implicit var metrics: Metrics
    metrics.count("handle")
    return Token(text: words[handle.index])
  }

  func validate(_ scope: ImplicitScope) {
    @Implicit var metrics: Metrics
    metrics.count("validate")
  }
}

func tokenize(_ consumer: any RecoveringConsumer, _ handles: [ConsumptionHandle], _ scope: ImplicitScope) -> [String] {
  // Nested functions overloaded by labels: each call reaches its own.
  func note(_ token: Token) -> String {
    @Implicit var metrics: Metrics
    metrics.count("note")
    return token.text
  }
  func note(_ token: Token, at position: Int) -> String { "\(position):\(token.text)" }

  consumer.validate(scope)
  var result: [String] = []
  for (position, handle) in handles.enumerated() {
    let token = consumer.consume(handle, scope)
    result.append(position == 0 ? note(token) : note(token, at: position))
  }
  return result
}

func run() -> ([String], [String: Int]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var metrics = Metrics()
  let tokenizer = Tokenizer(words: ["let", "x", "="])
  let handle = ConsumptionHandle(index: 1)
  let words = tokenize(tokenizer, [ConsumptionHandle(index: 0), handle], scope)
  // A value of a declared struct goes to the struct overload only.
  let direct = tokenizer.consume(handle, scope)
  return (words + [direct.text], metrics.counts)
}
