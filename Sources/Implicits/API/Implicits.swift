/// A bag of implicit values captured for later: by `#implicits` (the
/// analyzer decides which keys) or by `Implicits(capturing:)` (you name the
/// keys). Reopen it with `ImplicitScope(with: implicits)`.
///
///     self.postFactory = { [implicits = #implicits] in
///       let scope = ImplicitScope(with: implicits)
///       defer { scope.end() }
///       return Post(scope)
///     }
///
/// A bag holds its values strongly and only those: values of other keys in
/// scope when it was captured are not kept alive by it.
public struct Implicits: @unchecked Sendable {
  @usableFromInline
  struct Entry {
    @usableFromInline let key: ImplicitKey
    @usableFromInline let value: StoredValue
  }

  @usableFromInline var entries: ContiguousArray<Entry>

  /// An empty bag.
  public init() {
    entries = []
  }

  /// Captures the current values of `keys`. A key without a value stops the
  /// program with a message naming it and this call.
  public init(capturing keys: ImplicitKey..., fileID: StaticString = #fileID, line: UInt = #line) {
    self.init(capturing: keys, fileID: fileID, line: line)
  }

  /// Captures the current values of `keys`.
  public init(capturing keys: [ImplicitKey], fileID: StaticString = #fileID, line: UInt = #line) {
    entries = []
    entries.reserveCapacity(keys.count)
    for key in keys where !entries.contains(where: { $0.key == key }) {
      guard let node = Runtime.lookup(key.address) else {
        Diagnostics.fail(
          "the bag captured here needs \(key), which is not provided here", file: fileID, line: line)
      }
      node._withUnsafeGuaranteedRef { node in
        entries.append(Entry(key: key, value: StoredValue(object: node.value!, isBoxed: node.isBoxed)))
      }
    }
  }

  /// The keys this bag holds values for, in capture order.
  public var keys: [ImplicitKey] { entries.map(\.key) }

  /// Whether the bag holds a value for `key`.
  public func contains(_ key: ImplicitKey) -> Bool {
    entries.contains { $0.key == key }
  }

  /// The number of values in the bag.
  public var count: Int { entries.count }
}
