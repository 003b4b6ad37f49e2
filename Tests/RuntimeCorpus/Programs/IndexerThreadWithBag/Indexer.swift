import Foundation
import Implicits

final class SpotlightIndex: @unchecked Sendable {
  private let lock = NSLock()
  private var documents: [String] = []
  func add(_ doc: String) { lock.withLock { documents.append(doc) } }
  var count: Int { lock.withLock { documents.count } }
}

final class Tokenizer: @unchecked Sendable {
  func tokens(_ text: String) -> Int { text.split(separator: ".").count }
}

func indexDocument(_ name: String, _: ImplicitScope) {
  @Implicit var index: SpotlightIndex
  @Implicit var tokenizer: Tokenizer
  index.add("\(name):\(tokenizer.tokens(name))")
}

func reindex(_ names: [String]) -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var index = SpotlightIndex()
  @Implicit var tokenizer = Tokenizer()
  let done = DispatchSemaphore(value: 0)
  // The worker thread reopens a bag captured here.
  let worker = Thread { [implicits = #implicits] in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    for name in names { indexDocument(name, scope) }
    done.signal()
  }
  worker.start()
  done.wait()
  return index.count
}
