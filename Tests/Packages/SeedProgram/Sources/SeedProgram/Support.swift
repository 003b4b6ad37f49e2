import Foundation
import Implicits

func section(_ title: String) {
  print("")
  print("== \(title) ==")
}

func visibleCount() -> Int {
  ImplicitScope.dumpCurrent().count
}

/// Runs `body` on `count` new threads at once and returns their results,
/// sorted.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> String) -> [String] {
  let results = ResultBox()
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    Thread {
      start.wait()
      results.append(body(index))
      done.leave()
    }.start()
  }
  for _ in 0..<count { start.signal() }
  done.wait()
  return results.sorted()
}

final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String] = []
  func append(_ value: String) { lock.withLock { values.append(value) } }
  func sorted() -> [String] { lock.withLock { values.sorted() } }
}
