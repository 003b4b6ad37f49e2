import ImplicitsToolSupport
import Testing

/// The store keeps values within its bound, the least recently used going
/// first, and always the value given back last.
@Suite struct LeastRecentlyUsedStoreTests {
  @Test func theLeastRecentlyUsedGoFirst() {
    let store = LeastRecentlyUsedStore<String, Int>(limit: 10) { $0 }
    store.giveBack(4, as: "a")
    store.giveBack(4, as: "b")
    // "a" is used again: "b" is now the least recently used.
    #expect(store.take("a") == 4)
    store.giveBack(4, as: "a")
    store.giveBack(4, as: "c")
    #expect(store.occupancy.count == 2)
    #expect(store.take("b") == nil)
    #expect(store.take("a") == 4)
    #expect(store.take("c") == 4)
    #expect(store.occupancy.count == 0)
  }

  @Test func aValueOverTheBoundStaysAlone() {
    let store = LeastRecentlyUsedStore<String, Int>(limit: 10) { $0 }
    store.giveBack(3, as: "small")
    store.giveBack(50, as: "large")
    #expect(store.occupancy.count == 1)
    #expect(store.occupancy.cost == 50)
    #expect(store.take("large") == 50)
  }

  @Test func aTakenValueIsNotKept() {
    let store = LeastRecentlyUsedStore<Int, Int>(limit: 100) { $0 }
    store.giveBack(1, as: 7)
    #expect(store.take(7) == 1)
    #expect(store.take(7) == nil)
    // Given back twice under one key, it is kept once.
    store.giveBack(2, as: 7)
    store.giveBack(3, as: 7)
    #expect(store.occupancy.count == 1)
    #expect(store.take(7) == 3)
  }
}
