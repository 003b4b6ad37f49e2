import Foundation
import Implicits
import Testing

extension ImplicitsKeys {
  static let apiBaseURL = Key<URL>()
  static let cdnBaseURL = Key<URL>()
  static let guestModeEnabled = Key<Bool>()
  static let darkModeEnabled = Key<Bool>()
  static let keyboardDisabledByPolicy = Key<Bool>()
  static let retryCount = Key<Int>()
  static let optionalToken = Key<String?>()
  static let formatter = Key<@Sendable (Int) -> String>()
  static let sharedWallet = Key<Wallet>()
}

// The article spells the namespace `ImplicitKeys`.
extension ImplicitKeys {
  static let suppressInformers = Key<Bool>()
  static let showGeoInformers = Key<Bool>()
}

private func makeKeyboardSettings(_ scope: ImplicitScope) -> String {
  @Implicit(\.keyboardDisabledByPolicy) var disabledByPolicy
  return disabledByPolicy ? "disabled" : "enabled"
}

@Suite("Named keys")
struct NamedKeyTests {
  @Test("Two named keys of the same type hold different values")
  func twoKeysSameType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.apiBaseURL) var apiURL = URL(string: "https://api.example.com")!
    @Implicit(\.cdnBaseURL) var cdnURL = URL(string: "https://cdn.example.com")!

    @Implicit(\.apiBaseURL) var readAPI: URL
    @Implicit(\.cdnBaseURL) var readCDN: URL
    #expect(readAPI.absoluteString == "https://api.example.com")
    #expect(readCDN.absoluteString == "https://cdn.example.com")
  }

  @Test("A named key and the type key of its value type are independent")
  func namedAndTypeKeysAreIndependent() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var plain = URL(string: "https://type.example.com")!
    @Implicit(\.apiBaseURL) var api = URL(string: "https://named.example.com")!

    @Implicit var readPlain: URL
    @Implicit(\.apiBaseURL) var readAPI: URL
    #expect(readPlain.host == "type.example.com")
    #expect(readAPI.host == "named.example.com")
  }

  @Test("The value type of a named key is inferred from the key")
  func inferredType() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.keyboardDisabledByPolicy) var disabled = true
    #expect(makeKeyboardSettings(scope) == "disabled")

    let nested = scope.nested()
    @Implicit(\.keyboardDisabledByPolicy) var enabledAgain = false
    #expect(makeKeyboardSettings(nested) == "enabled")
    nested.end()
    #expect(makeKeyboardSettings(scope) == "disabled")
  }

  @Test("Boolean flags under distinct keys, as in the README's key guidelines")
  func booleanFlags() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.guestModeEnabled) var guest = true
    @Implicit(\.darkModeEnabled) var dark = false
    @Implicit(\.suppressInformers) var suppress = false
    @Implicit(\.showGeoInformers) var showGeo = true

    @Implicit(\.guestModeEnabled) var readGuest: Bool
    @Implicit(\.darkModeEnabled) var readDark: Bool
    @Implicit(\.suppressInformers) var readSuppress
    @Implicit(\.showGeoInformers) var readShowGeo
    #expect(readGuest == true)
    #expect(readDark == false)
    #expect(readSuppress == false)
    #expect(readShowGeo == true)
  }

  @Test("Named keys shadow and restore across nested scopes")
  func shadowing() {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit(\.retryCount) var retries = 3

    func read() -> Int {
      @Implicit(\.retryCount) var retries: Int
      return retries
    }
    #expect(read() == 3)
    do {
      let nested = scope.nested()
      defer { nested.end() }
      @Implicit(\.retryCount) var retries = 5
      #expect(read() == 5)
    }
    #expect(read() == 3)
  }

  @Test("Optional, closure and class values under named keys")
  func valueKinds() {
    let scope = ImplicitScope()
    defer { scope.end() }
    let wallet = Wallet(balance: 12)
    @Implicit(\.optionalToken) var token = nil as String?
    @Implicit(\.formatter) var format = { @Sendable (value: Int) in "#\(value)" }
    @Implicit(\.sharedWallet) var shared = wallet

    @Implicit(\.optionalToken) var readToken
    @Implicit(\.formatter) var readFormat
    @Implicit(\.sharedWallet) var readWallet
    #expect(readToken == nil)
    #expect(readFormat(5) == "#5")
    #expect(readWallet === wallet)

    let nested = scope.nested()
    @Implicit(\.optionalToken) var newToken: String? = "secret"
    @Implicit(\.optionalToken) var readNewToken: String?
    #expect(readNewToken == "secret")
    nested.end()
  }

  @Test("A named key is identified by its declaration, not by its value type")
  func keysAreDistinctObjects() {
    #expect(ImplicitKey.named(\.apiBaseURL) != ImplicitKey.named(\.cdnBaseURL))
    #expect(ImplicitKey.named(\.apiBaseURL) == ImplicitKey.named(\.apiBaseURL))
    #expect(ImplicitKey.named(\.apiBaseURL) != ImplicitKey.type(URL.self))
    #expect(ImplicitKey.type(URL.self) == ImplicitKey.type(URL.self))
    #expect(ImplicitKey.type(URL.self) != ImplicitKey.type(URL?.self))
  }

  @Test("Keys describe themselves: fully qualified type names and `\\.name`")
  func keyDescriptions() {
    #expect(ImplicitKey.type(Wallet.self).description == "ImplicitsTests.Wallet")
    #expect(ImplicitKey.named(\.apiBaseURL).description == "\\.apiBaseURL")
    #expect(ImplicitKey.named(\.suppressInformers).description == "\\.suppressInformers")
  }

  @Test("A provided key's object lives while its value is provided, and not after")
  func providedKeyIsRetained() {
    weak var watched: ImplicitsKeys.Key<Int>?
    let scope = ImplicitScope()
    do {
      let nested = scope.nested()
      do {
        let key = ImplicitsKeys.Key<Int>()
        watched = key
        @Implicit(key) var provided = 7
      }
      // Nothing but the provided value names the key now.
      #expect(watched != nil, "the provided value must keep its key's object alive")
      if let key = watched {
        @Implicit(key) var read: Int
        #expect(read == 7)
        #expect(ImplicitKey.named(key).description == "\\.key")
      }
      nested.end()
    }
    scope.end()
    #expect(watched == nil, "the key's object must be freed once its value is no longer provided")
  }

  @Test("A bag keeps the objects of the keys it captured")
  func bagRetainsKeys() {
    weak var watched: ImplicitsKeys.Key<String>?
    let scope = ImplicitScope()
    var bag = Implicits()
    do {
      let nested = scope.nested()
      let key = ImplicitsKeys.Key<String>()
      watched = key
      @Implicit(key) var provided = "kept"
      bag = Implicits(capturing: .named(key))
      nested.end()
    }
    scope.end()
    #expect(watched != nil, "the bag must keep its key's object alive")
    let reopened = ImplicitScope(with: bag)
    if let key = watched {
      @Implicit(key) var read: String
      #expect(read == "kept")
    }
    reopened.end()
    bag = Implicits()
    #expect(watched == nil)
  }
}
