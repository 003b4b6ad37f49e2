import Foundation
import Implicits
import Testing

// Bags: `Implicits(capturing:)` and `ImplicitScope(with:)`.

private final class CapturedService: @unchecked Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

private final class UncapturedService: @unchecked Sendable {
  init() {}
}

private struct Post: Sendable {
  var author: String
  var counter: Int
}

extension ImplicitsKeys {
  fileprivate static let bagURL = Key<URL>()
  fileprivate static let bagService = Key<CapturedService>()
}

private func makePost(_: ImplicitScope) -> Post {
  @Implicit var greeting: Greeting
  @Implicit var counter: Counter
  return Post(author: greeting.text, counter: counter.value)
}

/// The README's factory pattern, without the macro.
private final class ProfileComponent: @unchecked Sendable {
  let implicits = Implicits(capturing: .type(Greeting.self), .type(Counter.self))
  init(_ scope: ImplicitScope) {}

  func makeScreen() -> Post {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return makePost(scope)
  }
}

/// The article's lazy-property pattern.
private final class HomePageComponent: @unchecked Sendable {
  private let implicits = Implicits(capturing: .type(Greeting.self), .type(Counter.self))
  init(_ scope: ImplicitScope) {}

  lazy var feedWidget: Post = {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return makePost(scope)
  }()
}

@Suite("Bags of implicits")
struct BagTests {
  @Test("A bag holds exactly the captured keys, and reopens them after the scope ended")
  func captureAndReopen() {
    let bag: Implicits
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("captured")
      @Implicit(\.bagURL) var url = URL(string: "https://bag.example.com")!
      @Implicit var counter = Counter(99)
      bag = Implicits(capturing: .type(Greeting.self), .named(\.bagURL))
    }

    #expect(bag.count == 2)
    #expect(bag.keys == [.type(Greeting.self), .named(\.bagURL)])
    #expect(bag.contains(.type(Greeting.self)))
    #expect(bag.contains(.named(\.bagURL)))
    #expect(!bag.contains(.type(Counter.self)))

    let scope = ImplicitScope(with: bag)
    defer { scope.end() }
    @Implicit var greeting: Greeting
    @Implicit(\.bagURL) var url: URL
    #expect(greeting == Greeting("captured"))
    #expect(url.host == "bag.example.com")
    #if DEBUG
      #expect(!isVisible(Counter.self))
    #endif
  }

  @Test("Capturing the same key twice keeps one entry")
  func duplicateKeys() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("once")
    let bag = Implicits(capturing: .type(Greeting.self), .type(Greeting.self))
    #expect(bag.count == 1)
  }

  @Test("An empty bag opens a scope that provides nothing new")
  func emptyBag() {
    let bag = Implicits()
    #expect(bag.count == 0)
    #expect(bag.keys.isEmpty)
    let scope = ImplicitScope(with: bag)
    @Implicit var greeting = Greeting("provided in a bag scope")
    #expect(currentGreeting(scope) == "provided in a bag scope")
    scope.end()
    #if DEBUG
      #expect(!isVisible(Greeting.self))
    #endif
  }

  @Test("A bag captures the innermost value, as it was when captured")
  func capturesInnermostValueAtCaptureTime() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    let nested = scope.nested()
    @Implicit var inner = Greeting("inner")
    let bag = Implicits(capturing: [.type(Greeting.self)])
    @Implicit var later = Greeting("later")
    nested.end()

    let reopened = ImplicitScope(with: bag)
    #expect(currentGreeting(reopened) == "inner")
    reopened.end()
    #expect(currentGreeting(scope) == "outer")
  }

  @Test("A scope opened with a bag shadows outer values and restores them at its end")
  func bagScopeShadows() {
    let bag: Implicits
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("from bag")
      bag = Implicits(capturing: .type(Greeting.self))
    }

    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("outer")
    withScope(with: bag) { scope in
      #expect(currentGreeting(scope) == "from bag")
    }
    #expect(currentGreeting(scope) == "outer")
  }

  @Test("The README's closure pattern: a factory closure reopens its bag when called later")
  func factoryClosure() {
    let postFactory: () -> Post
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("feed")
      @Implicit var counter = Counter(3)
      postFactory = { [implicits = Implicits(capturing: .type(Greeting.self), .type(Counter.self))] in
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return makePost(scope)
      }
    }
    let post = postFactory()
    #expect(post.author == "feed")
    #expect(post.counter == 3)
  }

  @Test("The factory pattern and the lazy-property pattern use the values seen at init")
  func storedBagPatterns() {
    let profile: ProfileComponent
    let home: HomePageComponent
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("profile")
      @Implicit var counter = Counter(1)
      profile = ProfileComponent(scope)
      home = HomePageComponent(scope)
    }
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var greeting = Greeting("unrelated")
    #expect(profile.makeScreen().author == "profile")
    #expect(home.feedWidget.author == "profile")
    #expect(home.feedWidget.counter == 1)
  }

  @Test("A bag keeps only its captured values alive")
  func bagKeepsOnlyCapturedValuesAlive() {
    weak var weakCaptured: CapturedService?
    weak var weakUncaptured: UncapturedService?
    weak var weakNamed: CapturedService?
    var bag: Implicits? = nil

    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      do {
        let captured = CapturedService("captured")
        let uncaptured = UncapturedService()
        let named = CapturedService("named")
        weakCaptured = captured
        weakUncaptured = uncaptured
        weakNamed = named
        @Implicit var service = captured
        @Implicit var other = uncaptured
        @Implicit(\.bagService) var namedService = named
        bag = Implicits(capturing: .type(CapturedService.self), .named(\.bagService))
      }
    }

    #expect(weakUncaptured == nil, "a value the bag did not capture is released once its scope ended")
    #expect(weakCaptured != nil, "the bag keeps a captured value alive")
    #expect(weakNamed != nil, "the bag keeps a captured named value alive")

    if let bag {
      let scope = ImplicitScope(with: bag)
      @Implicit var service: CapturedService
      @Implicit(\.bagService) var named: CapturedService
      #expect(service.name == "captured")
      #expect(named.name == "named")
      scope.end()
    }

    bag = nil
    #expect(weakCaptured == nil, "releasing the bag releases what it captured")
    #expect(weakNamed == nil)
  }

  @Test("On a thread, a bag keeps only its captured values alive")
  func bagLifetimeOnThread() async {
    let result = await onNewThread { () -> [Bool] in
      weak var weakCaptured: CapturedService?
      weak var weakUncaptured: UncapturedService?
      var bag: Implicits? = nil
      do {
        let scope = ImplicitScope()
        defer { scope.end() }
        do {
          let captured = CapturedService("captured")
          let uncaptured = UncapturedService()
          weakCaptured = captured
          weakUncaptured = uncaptured
          @Implicit var service = captured
          @Implicit var other = uncaptured
          bag = Implicits(capturing: .type(CapturedService.self))
        }
      }
      let afterScope = [weakUncaptured == nil, weakCaptured != nil]
      bag = nil
      return afterScope + [weakCaptured == nil, bag == nil]
    }
    #expect(result == [true, true, true, true])
  }

  @Test("`ImplicitScope(with:)` restores a bag on another thread")
  func restoreOnAnotherThread() async {
    let bag: Implicits
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("from the task")
      @Implicit(\.bagURL) var url = URL(string: "https://thread.example.com")!
      bag = Implicits(capturing: .type(Greeting.self), .named(\.bagURL))
    }

    let read = await onNewThread { () -> [String] in
      let scope = ImplicitScope(with: bag)
      defer { scope.end() }
      @Implicit var greeting: Greeting
      @Implicit(\.bagURL) var url: URL
      var seen = [greeting.text, url.host ?? "?"]
      #if DEBUG
        seen.append(contentsOf: visibleKeys())
      #endif
      return seen
    }
    #if DEBUG
      #expect(read == ["from the task", "thread.example.com", "ImplicitsTests.Greeting", "\\.bagURL"])
    #else
      #expect(read == ["from the task", "thread.example.com"])
    #endif
  }

  @Test("`withScope(with:)` restores a bag on another thread and in a detached task")
  func withScopeRestoresElsewhere() async {
    let bag: Implicits
    do {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var counter = Counter(7)
      bag = Implicits(capturing: .type(Counter.self))
    }

    let onThread = await onNewThread {
      withScope(with: bag) { _ in currentCounter() }
    }
    #expect(onThread == 7)

    let inDetached = await Task.detached {
      await withScope(with: bag) { _ in
        await Task.yield()
        return currentCounter()
      }
    }.value
    #expect(inDetached == 7)
  }

  @Test("Bags reopened concurrently on many threads each see their own capture")
  func concurrentReopen() async {
    var bags: [Implicits] = []
    for index in 0..<8 {
      let scope = ImplicitScope()
      @Implicit var counter = Counter(index)
      bags.append(Implicits(capturing: .type(Counter.self)))
      scope.end()
    }
    let captured = bags
    let results = await withTaskGroup(of: (Int, Bool).self) { group in
      for index in 0..<8 {
        group.addTask {
          let ok = await onNewThread { () -> Bool in
            var ok = true
            for _ in 0..<500 {
              let scope = ImplicitScope(with: captured[index])
              ok = ok && currentCounter() == index
              scope.end()
            }
            return ok
          }
          return (index, ok)
        }
      }
      var all: [(Int, Bool)] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 8)
    #expect(results.allSatisfy { $0.1 })
  }
}
