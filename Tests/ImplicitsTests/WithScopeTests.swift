import Foundation
import Implicits
import Testing

// `withScope`, sync and async, with and without a bag.

private enum AppError: Error, Equatable {
  case failed(String)
}

private final class NetworkService: Sendable {}
private final class DatabaseService: Sendable {}

private struct App {
  @Implicit var network: NetworkService
  @Implicit var database: DatabaseService
  init(_ scope: ImplicitScope) {}
  func start() -> Bool { true }
}

private actor Store {
  var log: [String] = []

  func run() async -> [String] {
    // The body runs on this actor (the isolation parameter), so it touches
    // actor state without `await`.
    await withScope { scope in
      @Implicit var greeting = Greeting("actor")
      log.append(currentGreeting(scope))
      await Task.yield()
      log.append(currentGreeting(scope))
    }
    return log
  }
}

@Suite("withScope")
struct WithScopeTests {
  @Test("Sync: the article's startApp, values visible in the body and gone after")
  func syncStartApp() {
    let started = withScope { scope in
      @Implicit var network = NetworkService()
      @Implicit var database = DatabaseService()
      return App(scope).start()
    }
    #expect(started)
    #if DEBUG
      #expect(!isVisible(NetworkService.self))
      #expect(!isVisible(DatabaseService.self))
    #endif
  }

  @Test("Sync: returns the body's result")
  func syncResult() {
    let text = withScope { scope in
      @Implicit var greeting = Greeting("result")
      return currentGreeting(scope)
    }
    #expect(text == "result")
  }

  @Test("Sync: nested withScope shadows and restores")
  func syncNested() {
    let seen = withScope { scope -> [String] in
      @Implicit var greeting = Greeting("outer")
      var seen = [currentGreeting(scope)]
      withScope { scope in
        @Implicit var greeting = Greeting("inner")
        seen.append(currentGreeting(scope))
      }
      seen.append(currentGreeting(scope))
      return seen
    }
    #expect(seen == ["outer", "inner", "outer"])
  }

  @Test("Sync: a typed error propagates and the scope is ended")
  func syncTypedThrows() {
    let outer = ImplicitScope()
    defer { outer.end() }
    @Implicit var greeting = Greeting("outer")

    do throws(AppError) {
      try withScope { (scope) throws(AppError) -> Void in
        @Implicit var greeting = Greeting("inner")
        throw AppError.failed(currentGreeting(scope))
      }
      Issue.record("no error")
    } catch {
      #expect(error == .failed("inner"))
    }
    #expect(currentGreeting(outer) == "outer")
    // The scope that threw was ended: a new nested scope can be opened and
    // ended in order, then the outer one.
    let nested = outer.nested()
    nested.end()
  }

  @Test("Sync: withScope(with:) provides the bag's values")
  func syncWithBag() {
    let bag = withScope { _ in
      @Implicit var counter = Counter(11)
      return Implicits(capturing: .type(Counter.self))
    }
    let value = withScope(with: bag) { _ in currentCounter() }
    #expect(value == 11)
  }

  @Test("Async: values survive awaits in the body and are gone after")
  func asyncBody() async throws {
    let seen = try await withScope { scope in
      @Implicit var greeting = Greeting("async")
      var seen = [currentGreeting(scope)]
      try await Task.sleep(for: .milliseconds(5))
      seen.append(currentGreeting(scope))
      await Task.yield()
      seen.append(currentGreeting(scope))
      return seen
    }
    #expect(seen == ["async", "async", "async"])
    #if DEBUG
      #expect(!isVisible(Greeting.self))
    #endif
  }

  @Test("Async: a typed error propagates and the scope is ended")
  func asyncTypedThrows() async {
    do throws(AppError) {
      try await withScope { (scope) async throws(AppError) -> Int in
        @Implicit var greeting = Greeting("thrown")
        await Task.yield()
        throw AppError.failed(currentGreeting(scope))
      }
      Issue.record("no error")
    } catch {
      #expect(error == .failed("thrown"))
    }
    #if DEBUG
      #expect(!isVisible(Greeting.self))
    #endif
  }

  @Test("Async: withScope(with:) provides the bag's values across awaits")
  func asyncWithBag() async {
    let bag = withScope { _ in
      @Implicit var counter = Counter(12)
      return Implicits(capturing: .type(Counter.self))
    }
    let values = await withScope(with: bag) { _ in
      var values = [currentCounter()]
      await Task.yield()
      values.append(currentCounter())
      return values
    }
    #expect(values == [12, 12])
  }

  @Test("Async: runs on the caller's actor")
  func asyncOnActor() async {
    let log = await Store().run()
    #expect(log == ["actor", "actor"])
  }

  @Test("Async: nested async withScope shadows and restores across awaits")
  func asyncNested() async {
    let seen = await withScope { scope -> [String] in
      @Implicit var greeting = Greeting("outer")
      var seen = [currentGreeting(scope)]
      let inner = await withScope { scope in
        @Implicit var greeting = Greeting("inner")
        await Task.yield()
        return currentGreeting(scope)
      }
      seen.append(inner)
      await Task.yield()
      seen.append(currentGreeting(scope))
      return seen
    }
    #expect(seen == ["outer", "inner", "outer"])
  }
}
