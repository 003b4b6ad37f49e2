/// An implicit value: provided where it is declared with a value, read where
/// it is declared without one.
///
///     @Implicit var wallet = Wallet(balance: 500)      // provides Wallet
///     @Implicit var card: DiscountCard = .gold          // provides DiscountCard
///     @Implicit var wallet: Wallet                      // reads Wallet
///     @Implicit() var wallet: Wallet                    // reads Wallet
///     @Implicit(\.apiBaseURL) var url = URL(...)!       // provides a named key
///     @Implicit(\.apiBaseURL) var url: URL              // reads a named key
///     @Implicit(ImplicitsKeys.apiBaseURL) var url: URL  // reads a named key, by its key (another module's)
///     @Implicit(Wallet.self) var wallet = makeWallet()  // provides Wallet, the key named explicitly
///     @Implicit(Wallet.self) var wallet                 // reads Wallet
///
/// A stored `@Implicit var x: T` property of a class or struct is read when
/// the object is initialized, by an initializer that takes an
/// `ImplicitScope`.
@propertyWrapper
public struct Implicit<Value> {
  /// The value provided or read.
  public let wrappedValue: Value

  /// The value provided or read (the original library's spelling, `_x.value`).
  @inlinable public var value: Value { wrappedValue }

  /// Provides `wrappedValue` under the type key `Value`.
  @inlinable
  public init(wrappedValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
    self.wrappedValue = wrappedValue
    Runtime.provide(.type(Value.self), StoredValue(wrappedValue), fileID: fileID, line: line)
  }

  /// Reads the value of the type key `Value`.
  @inlinable
  public init(fileID: StaticString = #fileID, line: UInt = #line) {
    wrappedValue = Runtime.read(.type(Value.self), as: Value.self, fileID: fileID, line: line)
  }

  /// Provides `wrappedValue` under a named key.
  @inlinable @inline(__always)
  public init(
    wrappedValue: Value, _ key: ImplicitKeyPath<Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.wrappedValue = wrappedValue
    Runtime.provide(.named(key), StoredValue(wrappedValue), fileID: fileID, line: line)
  }

  /// Provides `wrappedValue` under a named key, named by its key:
  /// `@Implicit(ImplicitsKeys.apiBaseURL) var url = …`.
  @inlinable
  public init(
    wrappedValue: Value, _ key: ImplicitsKeys.Key<Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.wrappedValue = wrappedValue
    Runtime.provide(.named(key), StoredValue(wrappedValue), fileID: fileID, line: line)
  }

  /// Provides `wrappedValue` under the type key `Value`, named explicitly:
  /// `@Implicit(Wallet.self) var wallet = makeWallet()`.
  @inlinable
  public init(wrappedValue: Value, _ type: Value.Type, fileID: StaticString = #fileID, line: UInt = #line) {
    self.init(wrappedValue: wrappedValue, fileID: fileID, line: line)
  }

  /// Reads the value of the type key `Value`, named explicitly:
  /// `@Implicit(Wallet.self) var wallet`.
  @inlinable
  public init(_ type: Value.Type, fileID: StaticString = #fileID, line: UInt = #line) {
    self.init(fileID: fileID, line: line)
  }

  /// Reads the value of a named key.
  @inlinable @inline(__always)
  public init(_ key: ImplicitKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line) {
    wrappedValue = Runtime.read(.named(key), as: Value.self, fileID: fileID, line: line)
  }

  /// Reads the value of a named key, named by its key:
  /// `@Implicit(ImplicitsKeys.apiBaseURL) var url: URL`.
  @inlinable
  public init(_ key: ImplicitsKeys.Key<Value>, fileID: StaticString = #fileID, line: UInt = #line) {
    wrappedValue = Runtime.read(.named(key), as: Value.self, fileID: fileID, line: line)
  }
}

extension Implicit: Sendable where Value: Sendable {}
