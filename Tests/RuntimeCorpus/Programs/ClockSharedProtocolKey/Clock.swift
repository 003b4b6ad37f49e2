import Implicits

protocol Clock {
  var now: Int { get }
}

final class SystemClock: Clock {
  static let shared: any Clock = SystemClock()
  var now: Int { 1_700_000_000 }
}

struct FixedClock: Clock {
  let now: Int
}

final class TokenCache {
  var expiry: [String: Int] = [:]
}

func isExpired(_ token: String, _: ImplicitScope) -> Bool {
  @Implicit var cache: TokenCache
  // Written against the concrete clock, in a file that only knew it.
  @Implicit var clock: SystemClock
  return (cache.expiry[token] ?? 0) < clock.now
}

func checkTokens(_ tokens: [String]) -> [Bool] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = TokenCache()
  cache.expiry = ["a": 2_000_000_000, "b": 10]
  // `shared` is declared as `any Clock`: that is the key provided here.
  @Implicit var clock = SystemClock.shared
  var result: [Bool] = []
  for token in tokens {
    result.append(isExpired(token, scope))
  }
  return result
}
