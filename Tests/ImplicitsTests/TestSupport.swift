import Foundation
import Implicits
import Testing

// Types and helpers shared by the suite. The runtime keys type keys by type
// identity, so every test that needs a key no other code provides declares
// its own type.

// MARK: - The README's shopping example

final class Wallet: @unchecked Sendable {
  private let lock = NSLock()
  private var _balance: Double
  private var _charges: [Double] = []

  init(balance: Double) { _balance = balance }

  var balance: Double { lock.withLock { _balance } }
  var charges: [Double] { lock.withLock { _charges } }

  func charge(_ amount: Double) {
    lock.withLock {
      _balance -= amount
      _charges.append(amount)
    }
  }
}

struct DiscountCard: Sendable, Equatable {
  var discount: Double
}

func goShopping(_ scope: ImplicitScope) {
  buyGroceries(scope)
  buyClothes(scope)
  buyCoffee(scope)
}

func buyGroceries(_ scope: ImplicitScope) { pay(50, scope) }
func buyClothes(_ scope: ImplicitScope) { pay(200, scope) }
func buyCoffee(_ scope: ImplicitScope) { pay(5, scope) }

func pay(_ price: Int, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  wallet.charge(Double(price) * (1 - card.discount))
}

// MARK: - Small value types used as type keys

struct Greeting: Sendable, Equatable {
  var text: String
  init(_ text: String) { self.text = text }
}

struct Counter: Sendable, Equatable {
  var value: Int
  init(_ value: Int) { self.value = value }
}

/// A reference whose release can be observed through a weak reference.
final class Tracked: @unchecked Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

/// Reads `Greeting` the way library code deep in a call stack would.
func currentGreeting(_: ImplicitScope) -> String {
  @Implicit var greeting: Greeting
  return greeting.text
}

/// Reads `Greeting` from code that has no scope parameter at hand.
func currentGreeting() -> String {
  @Implicit var greeting: Greeting
  return greeting.text
}

func currentCounter() -> Int {
  @Implicit var counter: Counter
  return counter.value
}

// MARK: - Visibility

#if DEBUG
  /// The keys visible at this point of execution.
  func visibleKeys() -> [String] {
    ImplicitScope.dumpCurrent().keys
  }

  /// Whether the type key `T` has a value here (without stopping the program
  /// when it has none).
  func isVisible<T>(_: T.Type) -> Bool {
    visibleKeys().contains(String(reflecting: T.self))
  }
#endif

// MARK: - Threads and tasks

/// Runs `body` on a new thread (which runs no Swift task) and returns its
/// result.
func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread {
      continuation.resume(returning: body())
    }
    thread.start()
  }
}

/// A one-shot signal between tasks.
final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  func open() {
    continuation.yield()
    continuation.finish()
  }

  func wait() async {
    for await _ in stream { break }
  }
}

/// A lock-protected box for results gathered from several threads.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.withLock { body(&value) }
  }

  var current: Value { lock.withLock { value } }
}
