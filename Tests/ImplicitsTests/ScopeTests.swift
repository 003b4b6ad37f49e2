import Foundation
import Implicits
import Testing

// Scopes: providing, reading down the call stack, nesting, shadowing and
// restoring on `end()`.

private protocol Analytics: Sendable {
  func name() -> String
}

private struct AnalyticsService: Analytics {
  var prefix = ""
  func name() -> String { prefix + "analytics" }
}

private protocol Service: AnyObject, Sendable {
  var id: Int { get }
}

private final class ServiceImpl: Service, @unchecked Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

private final class KeyboardModule: Sendable {}

/// Bigger than any inline storage the runtime might use.
private struct LargeValue: Sendable, Equatable {
  var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8
  var text = "large"
}

private enum Mode: Sendable, Equatable {
  case light
  case dark(level: Int)
}

private struct OnlyInNested: Sendable {}

@Suite("Scopes and shadowing")
struct ScopeTests {
  @Test("The README's shopping example charges each purchase with the discount")
  func shopping() {
    let scope = ImplicitScope()
    defer { scope.end() }

    @Implicit var wallet = Wallet(balance: 500)
    @Implicit var card = DiscountCard(discount: 0.1)
    goShopping(scope)

    #expect(wallet.charges == [45, 180, 4.5])
    #expect(wallet.balance == 270.5)
  }

  @Test("A value provided with an explicit type annotation is read under that type")
  func explicitTypeAnnotation() {
    let scope = ImplicitScope()
    defer { scope.end() }

    @Implicit var analytics: any Analytics = AnalyticsService(prefix: "root:")
    #expect(readAnalyticsName(scope) == "root:analytics")
  }

  private func readAnalyticsName(_: ImplicitScope) -> String {
    @Implicit var analytics: any Analytics
    return analytics.name()
  }

  @Test("`@Implicit()` with parentheses reads like `@Implicit`")
  func parenthesizedRead() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("hello")

    @Implicit() var read: Greeting
    #expect(read == Greeting("hello"))
  }

  @Test("A read sees the value through any number of intermediate calls")
  func deepCallStack() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("deep")

    func level(_ depth: Int, _ scope: ImplicitScope) -> String {
      depth == 0 ? currentGreeting(scope) : level(depth - 1, scope)
    }
    #expect(level(50, scope) == "deep")
  }

  @Test("A nested scope shadows a value and `end()` restores the outer one")
  func nestedShadowingAndRestore() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    #expect(currentGreeting(scope) == "outer")

    do {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var greeting = Greeting("inner")
      #expect(currentGreeting(scope) == "inner")
    }

    #expect(currentGreeting(scope) == "outer")
  }

  @Test("The article's logger example: each function's nested scope restores on exit")
  func loggerExample() {
    func handleRequest(_ scope: ImplicitScope) -> [String] {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var logger = Greeting("appLogger")
      var seen = [currentGreeting(scope)]
      seen += processFeature(scope)
      seen.append(currentGreeting(scope))
      return seen
    }
    func processFeature(_ scope: ImplicitScope) -> [String] {
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit var logger = Greeting("featureLogger")
      return [currentGreeting(scope)]
    }

    let scope = ImplicitScope()
    defer { scope.end() }
    #expect(handleRequest(scope) == ["appLogger", "featureLogger", "appLogger"])
  }

  @Test("Three levels of shadowing unwind in order")
  func threeLevels() {
    let root = ImplicitScope()
    defer { root.end() }
    @Implicit var c0 = Counter(0)

    let first = root.nested()
    @Implicit var c1 = Counter(1)
    let second = first.nested()
    @Implicit var c2 = Counter(2)
    let third = second.nested()
    @Implicit var c3 = Counter(3)

    #expect(currentCounter() == 3)
    third.end()
    #expect(currentCounter() == 2)
    second.end()
    #expect(currentCounter() == 1)
    first.end()
    #expect(currentCounter() == 0)
  }

  @Test("Values of the parent scope stay visible in a nested scope")
  func parentValuesVisibleInNested() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var wallet = Wallet(balance: 10)

    let nested = scope.nested()
    defer { nested.end() }
    @Implicit var card = DiscountCard(discount: 0.5)
    pay(10, nested)
    #expect(wallet.balance == 5)
  }

  #if DEBUG
    @Test("A value provided in a nested scope does not leak to the parent")
    func nestedDoesNotLeak() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("outer")

      do {
        let scope = scope.nested()
        defer { scope.end() }
        @Implicit var marker = OnlyInNested()
        #expect(isVisible(OnlyInNested.self))
      }
      #expect(!isVisible(OnlyInNested.self))
      #expect(isVisible(Greeting.self))
    }

    @Test("Ending the root scope removes every value")
    func rootEndRemovesEverything() {
      do {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var greeting = Greeting("gone soon")
        @Implicit var counter = Counter(1)
        #expect(isVisible(Greeting.self))
      }
      #expect(!isVisible(Greeting.self))
      #expect(!isVisible(Counter.self))
    }

    @Test("A second root scope starts without the values of an ended one")
    func sequentialRootScopes() {
      do {
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var greeting = Greeting("first")
      }
      let scope = ImplicitScope()
      defer { scope.end() }
      #expect(!isVisible(Greeting.self))
      @Implicit var greeting = Greeting("second")
      #expect(currentGreeting(scope) == "second")
    }
  #endif

  @Test("Providing a key twice in one scope: the later value wins until the scope ends")
  func provideTwiceInOneScope() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var first = Greeting("outer")

    let nested = scope.nested()
    @Implicit var a = Greeting("a")
    @Implicit var b = Greeting("b")
    #expect(currentGreeting(nested) == "b")
    nested.end()
    #expect(currentGreeting(scope) == "outer")
  }

  @Test("Class values are stored by reference")
  func classIdentity() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let original = Wallet(balance: 1)
    @Implicit var wallet = original

    @Implicit var read: Wallet
    #expect(read === original)
  }

  @Test("Values of many kinds round-trip: struct, large struct, enum, optional, closure, existentials, metatype")
  func valueKinds() {
    let scope = ImplicitScope()
    defer { scope.end() }

    let service = ServiceImpl(id: 7)
    let keyboard = KeyboardModule()
    @Implicit var number = 42
    @Implicit var text = "text"
    @Implicit var flag = true
    @Implicit var large = LargeValue()
    @Implicit var mode = Mode.dark(level: 3)
    @Implicit var module: KeyboardModule? = keyboard
    @Implicit var noURL: URL? = nil
    @Implicit var transform: @Sendable (Int) -> Int = { $0 * 2 }
    @Implicit var classBound: any Service = service
    @Implicit var anyObject: AnyObject = service
    @Implicit var any: Any = 3.5
    @Implicit var type: Any.Type = String.self
    @Implicit var tuple: (Int, String) = (1, "one")
    @Implicit var array = [1, 2, 3]

    @Implicit var readNumber: Int
    @Implicit var readText: String
    @Implicit var readFlag: Bool
    @Implicit var readLarge: LargeValue
    @Implicit var readMode: Mode
    @Implicit var readModule: KeyboardModule?
    @Implicit var readNoURL: URL?
    @Implicit var readTransform: @Sendable (Int) -> Int
    @Implicit var readClassBound: any Service
    @Implicit var readAnyObject: AnyObject
    @Implicit var readAny: Any
    @Implicit var readType: Any.Type
    @Implicit var readTuple: (Int, String)
    @Implicit var readArray: [Int]

    #expect(readNumber == 42)
    #expect(readText == "text")
    #expect(readFlag == true)
    #expect(readLarge == LargeValue())
    #expect(readMode == .dark(level: 3))
    #expect(readModule === keyboard)
    #expect(readNoURL == nil)
    #expect(readTransform(21) == 42)
    #expect(ObjectIdentifier(readClassBound) == ObjectIdentifier(service))
    #expect(readClassBound.id == 7)
    #expect(ObjectIdentifier(readAnyObject) == ObjectIdentifier(service))
    #expect(readAny as? Double == 3.5)
    #expect(ObjectIdentifier(readType) == ObjectIdentifier(String.self))
    #expect(readTuple == (1, "one"))
    #expect(readArray == [1, 2, 3])
  }

  @Test("`T` and `T?` are different type keys")
  func optionalIsADifferentKey() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let keyboard = KeyboardModule()
    @Implicit var module = keyboard
    @Implicit var optional: KeyboardModule? = nil

    @Implicit var readModule: KeyboardModule
    @Implicit var readOptional: KeyboardModule?
    #expect(readModule === keyboard)
    #expect(readOptional == nil)
  }

  @Test("A protocol existential and a conforming concrete type are different type keys")
  func existentialAndConcreteAreDifferentKeys() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var concrete = AnalyticsService(prefix: "concrete:")
    @Implicit var existential: any Analytics = AnalyticsService(prefix: "existential:")

    @Implicit var readConcrete: AnalyticsService
    @Implicit var readExistential: any Analytics
    #expect(readConcrete.name() == "concrete:analytics")
    #expect(readExistential.name() == "existential:analytics")
  }

  @Test("A value provided after a nested scope ended is read in the outer scope")
  func provideAfterNestedEnded() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("one")
    do {
      let nested = scope.nested()
      defer { nested.end() }
      @Implicit var greeting = Greeting("two")
    }
    @Implicit var again = Greeting("three")
    #expect(currentGreeting(scope) == "three")
  }

  @Test("Many values and many scopes in a loop keep their bindings straight")
  func manyKeysAndScopes() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("base")

    for round in 0..<200 {
      let nested = scope.nested()
      @Implicit var counter = Counter(round)
      @Implicit var wallet = Wallet(balance: Double(round))
      @Implicit var card = DiscountCard(discount: 0)
      if round.isMultiple(of: 2) {
        let inner = nested.nested()
        @Implicit var greeting = Greeting("inner \(round)")
        #expect(currentGreeting(inner) == "inner \(round)")
        inner.end()
      }
      #expect(currentCounter() == round)
      #expect(currentGreeting(nested) == "base")
      @Implicit var readWallet: Wallet
      #expect(readWallet.balance == Double(round))
      nested.end()
    }
    #expect(currentGreeting(scope) == "base")
  }
}
