import Foundation

/// Threads with `NestingLimits.stackSize` bytes of stack: the parser and
/// the analyzer's walks recurse as deep as the code nests. The stack is
/// reserved address space; only what the recursion touches is used.
///
/// An analysis started on a thread that has such a stack runs in place;
/// elsewhere it gets a thread of its own and the caller waits. A build
/// starts its scheduler threads (and a worker process its loop) with the
/// stack, so that each module's analysis runs on the thread that checks
/// and writes it: one thread, and one malloc arena, per parallel job
/// instead of a new thread per module.
public enum LargeStackThread {
  private static let marker = "implicits.analysisStack"

  /// Runs `body` on a thread with the stack, and waits for it.
  public static func run<Result>(_ body: @escaping () -> Result) -> Result {
    run(leaving: { _ in body() })
  }

  /// Runs `body` on a thread with the stack, and waits for it. What `body`
  /// leaves in `Leftovers` (values its result does not need) is freed
  /// after the caller has the result, on that thread, when `body` got a
  /// thread of its own: an editor's diagnostics do not wait for the
  /// analysis's stages to be freed (6 % of an edit's analysis).
  public static func run<Result>(leaving body: @escaping (Leftovers) -> Result) -> Result {
    if Thread.current.threadDictionary[marker] != nil { return body(Leftovers()) }
    let box = Box(body)
    let done = DispatchSemaphore(value: 0)
    start(name: "implicits-analysis") {
      let leftovers = Leftovers()
      withExtendedLifetime(leftovers) {
        box.result = box.body(leftovers)
        done.signal()
      }
    }
    done.wait()
    return box.result!
  }

  /// Values kept until the caller of `run(leaving:)` has its result.
  public final class Leftovers {
    private var values: [Any] = []

    public func keep(_ value: Any) { values.append(value) }
  }

  /// Starts `body` on a new thread with the stack; analyses it runs run in place.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread {
      Thread.current.threadDictionary[marker] = true
      body()
    }
    thread.name = name
    thread.stackSize = NestingLimits.stackSize
    thread.start()
  }

  /// The work and its result, handed between the two threads: the result
  /// is written before `done` is signalled and read after it is waited for.
  private final class Box<Result>: @unchecked Sendable {
    let body: (Leftovers) -> Result
    var result: Result?

    init(_ body: @escaping (Leftovers) -> Result) {
      self.body = body
    }
  }
}
