/// One entry of an implicit context: a provided value, or the marker that
/// opens a scope.
///
/// Nodes form a chain through `parent`, newest first; a chain is the whole
/// set of values visible at one point of execution. Once a node is published
/// (bound as a task-local value, or linked below a newer node) its `key`,
/// `value`, `isBoxed`, `parent` and `owner` do not change until every
/// reference to it but its context's is gone; only then is it recycled. That
/// is what lets child tasks read the chain they inherited while the parent
/// goes on.
@usableFromInline
final class Node {
  /// The key's address, or nil for a scope marker.
  @exclusivity(unchecked) @usableFromInline var key: UnsafeRawPointer?
  /// The value itself when it is a class instance, otherwise a `Box`.
  @exclusivity(unchecked) @usableFromInline var value: AnyObject?
  @exclusivity(unchecked) @usableFromInline var isBoxed: Bool = false
  /// The named key's `Key` object, held while the node binds it so that no
  /// other key object can be made at its address; nil for a type key and a
  /// scope marker.
  @exclusivity(unchecked) @usableFromInline var keyObject: AnyObject?
  /// The node that was newest when this one was pushed. Not a strong
  /// reference: while both are on their context's stack the stack keeps
  /// them alive, and a node that outlives its pop (see `escape()`) makes
  /// the link strong first.
  @exclusivity(unchecked) @usableFromInline var parent: Unmanaged<Node>?
  /// The node this one shadows in its context's index (same key, older).
  @exclusivity(unchecked) @usableFromInline var shadowed: Unmanaged<Node>?
  /// The context that pushed this node (kept alive by `escape()` when the
  /// node outlives its pop).
  @exclusivity(unchecked) @usableFromInline var context: Unmanaged<Context>?
  /// The task that owns `context`, or nil on a thread without a task.
  @exclusivity(unchecked) @usableFromInline var owner: UnsafeRawPointer?
  /// The next node of its context's free list (that list holds +1 each).
  @exclusivity(unchecked) var nextFree: Unmanaged<Node>?
  /// Strong references taken only when the node escapes.
  @exclusivity(unchecked) private var retainedParent: Node?
  @exclusivity(unchecked) private var retainedContext: Context?

  @usableFromInline init() {}

  /// Called when the node is popped while a child task still holds it: from
  /// now on the node keeps its parent and its context alive itself. These
  /// fields are never read by other tasks, so writing them is safe.
  func escape() {
    retainedParent = parent?.takeUnretainedValue()
    retainedContext = context?.takeUnretainedValue()
  }

  /// Clears the node for reuse; only called on a node nothing else holds.
  func reset() {
    key = nil
    keyObject = nil
    value = nil
    parent = nil
    shadowed = nil
    context = nil
    owner = nil
  }

  /// The stored value as `T`. The key guarantees the type: a type key is
  /// `T` itself, a named key is a `Key<T>`.
  @inlinable @inline(__always)
  func unwrap<T>(as _: T.Type) -> T {
    if isBoxed {
      return unsafeDowncast(value.unsafelyUnwrapped, to: Box<T>.self).value
    }
    return unsafeBitCast(value.unsafelyUnwrapped, to: T.self)
  }
}

/// Holds a value that is not a class instance.
@usableFromInline
final class Box<T> {
  @usableFromInline let value: T
  @inlinable init(_ value: T) { self.value = value }
}

/// Storage of one value as an object, without a cast on the way back.
@usableFromInline
struct StoredValue {
  @usableFromInline let object: AnyObject
  @usableFromInline let isBoxed: Bool

  @inlinable @inline(__always)
  init<T>(_ value: T) {
    if T.self is AnyObject.Type, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      object = unsafeBitCast(value, to: AnyObject.self)
      isBoxed = false
    } else {
      object = Box(value)
      isBoxed = true
    }
  }

  @inlinable
  init(object: AnyObject, isBoxed: Bool) {
    self.object = object
    self.isBoxed = isBoxed
  }

  /// The value as `Any`, for dumps.
  var anyValue: Any {
    if isBoxed, let box = object as? AnyBox { return box.anyValue }
    return object
  }
}

/// Lets debugging code see a box's value without knowing its type.
protocol AnyBox {
  var anyValue: Any { get }
}

extension Box: AnyBox {
  var anyValue: Any { value }
}
