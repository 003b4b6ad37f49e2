import Foundation

/// Runs work on a thread of its own with `NestingLimits.stackSize` bytes of
/// stack and waits for it: the parser and the analyzer's walks recurse as
/// deep as the code nests. The stack is reserved address space; only what
/// the recursion touches is used.
enum LargeStackThread {
  static func run<Result>(_ body: @escaping () -> Result) -> Result {
    let box = Box(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.result = box.body()
      done.signal()
    }
    thread.name = "implicits-analysis"
    thread.stackSize = NestingLimits.stackSize
    thread.start()
    done.wait()
    return box.result!
  }

  /// The work and its result, handed between the two threads: the result
  /// is written before `done` is signalled and read after it is waited for.
  private final class Box<Result>: @unchecked Sendable {
    let body: () -> Result
    var result: Result?

    init(_ body: @escaping () -> Result) {
      self.body = body
    }
  }
}
