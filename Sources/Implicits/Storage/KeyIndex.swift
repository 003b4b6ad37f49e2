/// An open-addressing table from key address to the node that currently
/// binds the key in one context: the O(1) half of every read.
///
/// Keys are never removed: a key that loses its last binding keeps its slot
/// with a nil node, so the table's size is bounded by the number of distinct
/// keys a context has seen, and probing needs no tombstones.
@usableFromInline
struct KeyIndex {
  @usableFromInline
  struct Slot {
    @usableFromInline var key: UnsafeRawPointer?
    @usableFromInline var node: Unmanaged<Node>?
  }

  @usableFromInline var slots: UnsafeMutablePointer<Slot>
  @usableFromInline var mask: Int
  @usableFromInline var shift: Int
  var used: Int = 0

  init(capacity: Int = 16) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0)
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: Slot(key: nil, node: nil), count: capacity)
    mask = capacity - 1
    shift = UInt.bitWidth - capacity.trailingZeroBitCount
  }

  func deallocate() {
    slots.deallocate()
  }

  @inlinable @inline(__always)
  func home(of key: UnsafeRawPointer) -> Int {
    Int(bitPattern: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift)) & mask
  }

  /// The node that binds `key`, if any.
  @inlinable @inline(__always)
  func find(_ key: UnsafeRawPointer) -> Unmanaged<Node>? {
    var index = home(of: key)
    while true {
      let slot = slots[index]
      guard let slotKey = slot.key else { return nil }
      if slotKey == key { return slot.node }
      index = (index &+ 1) & mask
    }
  }

  /// The slot of `key`, inserted with a nil node when the key is new.
  mutating func slotIndex(for key: UnsafeRawPointer) -> Int {
    var index = home(of: key)
    while let slotKey = slots[index].key {
      if slotKey == key { return index }
      index = (index &+ 1) & mask
    }
    if (used + 1) * 2 > mask + 1 {
      grow()
      return slotIndex(for: key)
    }
    slots[index] = Slot(key: key, node: nil)
    used += 1
    return index
  }

  /// Binds `key` to `node` and returns the node it shadows.
  mutating func bind(_ key: UnsafeRawPointer, to node: Unmanaged<Node>) -> Unmanaged<Node>? {
    let index = slotIndex(for: key)
    let previous = slots[index].node
    slots[index].node = node
    return previous
  }

  /// Gives `key` back the binding it had before.
  mutating func restore(_ key: UnsafeRawPointer, to node: Unmanaged<Node>?) {
    let index = slotIndex(for: key)
    slots[index].node = node
  }

  /// Unbinds every key, keeping the slots for reuse.
  mutating func unbindAll() {
    for index in 0...mask { slots[index].node = nil }
  }

  private mutating func grow() {
    let old = slots
    let oldCapacity = mask + 1
    let capacity = oldCapacity * 2
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: Slot(key: nil, node: nil), count: capacity)
    mask = capacity - 1
    shift = UInt.bitWidth - capacity.trailingZeroBitCount
    used = 0
    for index in 0..<oldCapacity {
      guard let key = old[index].key else { continue }
      let newIndex = slotIndex(for: key)
      slots[newIndex].node = old[index].node
    }
    old.deallocate()
  }
}
