import Dispatch

extension Array {
  /// The transformed elements in order, computed on up to `threads` threads.
  /// Thread `k` takes the elements `k`, `k + threads`, … and first makes a
  /// context of its own (`perThread`), for what one thread may remember
  /// between its elements.
  package func concurrentMap<Context, Result>(
    threads: Int, perThread: () -> Context, _ transform: (Context, Element) -> Result
  ) -> [Result] {
    guard !isEmpty else { return [] }
    let slots = UnsafeSlots<Result>(count: count)
    let total = count
    let chunks = Swift.max(1, Swift.min(threads, total))
    withoutActuallyEscaping(perThread) { perThread in
      withoutActuallyEscaping(transform) { transform in
        let work = UncheckedBox((self, perThread, transform))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
          let (elements, perThread, transform) = work.value
          let context = perThread()
          for offset in stride(from: chunk, to: total, by: chunks) {
            slots.set(offset, transform(context, elements[elements.startIndex + offset]))
          }
        }
      }
    }
    return slots.values()
  }

  /// The transformed elements in order, computed on up to `threads` threads.
  package func concurrentMap<Result>(threads: Int, _ transform: (Element) -> Result) -> [Result] {
    concurrentMap(threads: threads, perThread: {}, { _, element in transform(element) })
  }
}

/// The elements and closures carried into `concurrentPerform`, which runs
/// and ends before the call that made it returns.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One slot per element, each written by exactly one thread and read after
/// all of them ended.
private final class UnsafeSlots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Value?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func set(_ index: Int, _ value: Value) { slots[index] = value }

  func values() -> [Value] { (0..<count).map { slots[$0]! } }
}
