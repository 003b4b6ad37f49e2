#if DEBUG
  import Foundation
  import Implicits
  import Testing

  // `ImplicitScope.dumpCurrent()`, `.keys` and `[like:]` (DEBUG builds).

  private final class NetworkService: Sendable {
    let host: String
    init(host: String) { self.host = host }
  }

  private final class DatabaseService: Sendable {}

  extension ImplicitsKeys {
    fileprivate static let dumpDarkModeEnabled = Key<Bool>()
    fileprivate static let dumpAnalyticsEnabled = Key<Bool>()
    // Declared over two lines, as the README declares `guestModeEnabled`.
    fileprivate static let dumpGuestModeEnabled =
      Key<Bool>()
  }

  @Suite("Debug dump")
  struct DebugDumpTests {
    @Test("`keys` lists every visible key, sorted: type names and named keys")
    func keys() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var network = NetworkService(host: "example.com")
      @Implicit var database = DatabaseService()
      @Implicit(\.dumpDarkModeEnabled) var dark = true
      @Implicit(\.dumpAnalyticsEnabled) var analytics = false

      let keys = ImplicitScope.dumpCurrent().keys
      #expect(
        keys
          == [
            String(reflecting: DatabaseService.self),
            String(reflecting: NetworkService.self),
            "\\.dumpAnalyticsEnabled",
            "\\.dumpDarkModeEnabled",
          ].sorted())
      #expect(keys.first?.hasPrefix("ImplicitsTests.") == true)
    }

    @Test("Public-style type keys are named by their fully qualified type name")
    func typeKeyNames() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var wallet = Wallet(balance: 1)
      @Implicit var card = DiscountCard(discount: 0.1)
      #expect(ImplicitScope.dumpCurrent().keys == ["ImplicitsTests.DiscountCard", "ImplicitsTests.Wallet"])
    }

    @Test("`[like:]` finds keys by a case-insensitive fragment and gives their values")
    func like() {
      let scope = ImplicitScope()
      defer { scope.end() }
      let network = NetworkService(host: "example.com")
      @Implicit var networkService = network
      @Implicit var database = DatabaseService()
      @Implicit(\.dumpDarkModeEnabled) var dark = true

      let found = ImplicitScope.dumpCurrent()[like: "NETWORK"]
      #expect(found.count == 1)
      #expect(found.first?.key.hasSuffix("NetworkService") == true)
      #expect((found.first?.value as? NetworkService) === network)

      let flags = ImplicitScope.dumpCurrent()[like: "darkmode"]
      #expect(flags.map(\.key) == ["\\.dumpDarkModeEnabled"])
      #expect(flags.first?.value as? Bool == true)

      #expect(ImplicitScope.dumpCurrent()[like: "nothing like this"].isEmpty)
    }

    @Test("A shadowed key appears once, with the innermost value")
    func shadowedKeyOnce() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("outer")
      let nested = scope.nested()
      defer { nested.end() }
      @Implicit var inner = Greeting("inner")

      let dump = ImplicitScope.dumpCurrent()
      #expect(dump.keys == ["ImplicitsTests.Greeting"])
      #expect(dump.count == 1)
      #expect((dump.first?.value as? Greeting) == Greeting("inner"))
    }

    @Test("The dump follows scopes: nested values appear and disappear")
    func followsScopes() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("outer")
      var seen: [[String]] = [ImplicitScope.dumpCurrent().keys]
      do {
        let nested = scope.nested()
        defer { nested.end() }
        @Implicit var counter = Counter(1)
        seen.append(ImplicitScope.dumpCurrent().keys)
      }
      seen.append(ImplicitScope.dumpCurrent().keys)
      #expect(
        seen == [
          ["ImplicitsTests.Greeting"],
          ["ImplicitsTests.Counter", "ImplicitsTests.Greeting"],
          ["ImplicitsTests.Greeting"],
        ])
    }

    @Test("Elements and the dump describe themselves")
    func descriptions() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var counter = Counter(3)
      let dump = ImplicitScope.dumpCurrent()
      #expect(dump.description == "ImplicitsTests.Counter = Counter(value: 3)")
      #expect(dump.first?.description == "ImplicitsTests.Counter = Counter(value: 3)")
    }

    @Test("Outside any scope the dump is empty")
    func emptyOutsideScopes() async {
      let (isEmpty, keys, description) = await Task.detached { () -> (Bool, [String], String) in
        let dump = ImplicitScope.dumpCurrent()
        return (dump.isEmpty, dump.keys, dump.description)
      }.value
      #expect(isEmpty)
      #expect(keys.isEmpty)
      #expect(description == "(no implicits)")
    }

    @Test("A child task's dump shows what it inherited and what it provides")
    func childTaskDump() async {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("parent")
      async let inherited = ImplicitScope.dumpCurrent().keys
      async let own = { () async -> [String] in
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var counter = Counter(1)
        return ImplicitScope.dumpCurrent().keys
      }()
      #expect(await inherited == ["ImplicitsTests.Greeting"])
      #expect(await own == ["ImplicitsTests.Counter", "ImplicitsTests.Greeting"])
    }

    @Test("The dump on a thread shows the thread's values")
    func threadDump() async {
      let keys = await onNewThread { () -> [String] in
        let scope = ImplicitScope()
        defer { scope.end() }
        @Implicit var wallet = Wallet(balance: 1)
        return ImplicitScope.dumpCurrent().keys
      }
      #expect(keys == ["ImplicitsTests.Wallet"])
    }

    @Test("A named key declared over two lines (README style) is named in the dump")
    func multiLineKeyDeclaration() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit(\.dumpGuestModeEnabled) var guest = true
      #expect(ImplicitScope.dumpCurrent().keys == ["\\.dumpGuestModeEnabled"])
    }
  }
#endif
