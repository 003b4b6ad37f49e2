/// Values kept by key within a bound on their total cost, the least
/// recently used going first: memory does not grow with what passes
/// through, and what is in use stays. A value is taken out while it is
/// used (nobody else can use it meanwhile) and given back after.
public final class LeastRecentlyUsedStore<Key: Hashable & Sendable, Value>: @unchecked Sendable {
  public let limit: Int
  private let cost: (Value) -> Int
  private struct State {
    var kept: [Key: Value] = [:]
    /// Keys, least recently used first.
    var order: [Key] = []
  }
  private let state = LockedValue(State())

  /// `cost` weighs a value when it is given back; the store holds at most
  /// `limit` in all, and always the value given back last.
  public init(limit: Int, cost: @escaping (Value) -> Int) {
    self.limit = limit
    self.cost = cost
  }

  /// The value kept for `key`, taken out; nil when none is kept.
  public func take(_ key: Key) -> Value? {
    state.withLock { state in
      guard let found = state.kept.removeValue(forKey: key) else { return nil }
      state.order.removeAll { $0 == key }
      return found
    }
  }

  /// Keeps `value` for `key` as the most recently used; the least recently
  /// used go while the bound is passed.
  public func giveBack(_ value: Value, as key: Key) {
    state.withLock { state in
      state.kept[key] = value
      state.order.removeAll { $0 == key }
      state.order.append(key)
      var total = state.kept.values.reduce(0) { $0 + cost($1) }
      while total > limit, state.order.count > 1 {
        let oldest = state.order.removeFirst()
        total -= state.kept.removeValue(forKey: oldest).map(cost) ?? 0
      }
    }
  }

  /// How many values are kept, and their total cost.
  public var occupancy: (count: Int, cost: Int) {
    state.withLock { state in (state.kept.count, state.kept.values.reduce(0) { $0 + cost($1) }) }
  }
}
