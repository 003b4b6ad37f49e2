/// The identity of one implicit key, type or named.
///
/// A type key is identified by the type's metadata, a named key by its
/// `ImplicitsKeys.Key` object. The runtime compares and hashes keys as plain
/// addresses. A type's metadata lives as long as the process; a named key's
/// object is held by every `ImplicitKey` made of it, and so by every value
/// provided under it and every bag that captured it: no other key can take
/// its address while anything still names it.
///
/// `ImplicitKey` is also how code without macros names the keys of a bag:
///
///     let implicits = Implicits(capturing: .type(Analytics.self), .named(\.apiBaseURL))
///     let implicits = Implicits(capturing: .named(ImplicitsKeys.apiBaseURL))  // a key of another module
public struct ImplicitKey: Hashable, @unchecked Sendable {
  @usableFromInline let address: UnsafeRawPointer
  /// The named key's object, held strongly; nil for a type key.
  @usableFromInline let object: AnyObject?

  @usableFromInline var isNamed: Bool { object != nil }

  @inlinable
  init(type address: UnsafeRawPointer) {
    self.address = address
    self.object = nil
  }

  @inlinable
  init(named object: AnyObject) {
    self.address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    self.object = object
  }

  /// The type key of `T`.
  @inlinable
  public static func type<T>(_: T.Type) -> ImplicitKey {
    ImplicitKey(type: unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self))
  }

  /// A named key, by its key path: `.named(\.apiBaseURL)`.
  @inlinable @inline(__always)
  public static func named<T>(_ keyPath: ImplicitKeyPath<T>) -> ImplicitKey {
    named(ImplicitsKeys.self[keyPath: keyPath])
  }

  /// A named key, by its key: `.named(ImplicitsKeys.apiBaseURL)`. Name
  /// another module's key so, without a key path (see the user guide's
  /// known issues).
  @inlinable
  public static func named<T>(_ key: ImplicitsKeys.Key<T>) -> ImplicitKey {
    ImplicitKey(named: key)
  }

  @inlinable
  public static func == (lhs: ImplicitKey, rhs: ImplicitKey) -> Bool {
    lhs.address == rhs.address
  }

  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(address)
  }
}

extension ImplicitKey: CustomStringConvertible {
  /// The key as a person reads it: `MyApp.NetworkService` for a type key,
  /// `\.apiBaseURL` (or the declaration site when the name cannot be
  /// recovered) for a named key.
  public var description: String {
    if let object {
      guard let named = object as? NamedImplicitKey else { return "<named key>" }
      return KeyNames.name(of: named)
    }
    return String(reflecting: unsafeBitCast(address, to: Any.Type.self))
  }
}
