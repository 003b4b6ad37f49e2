import Foundation
import Implicits

final class SpotlightIndex: @unchecked Sendable {
  private let lock = NSLock()
  private var documents: [String] = []
  func add(_ doc: String) { lock.withLock { documents.append(doc) } }
  var count: Int { lock.withLock { documents.count } }
}

func indexDocument(_ name: String, _: ImplicitScope) {
  @Implicit var index: SpotlightIndex
  index.add(name)
}

func indexAll(_ names: [String], _ scope: ImplicitScope) {
  for name in names { indexDocument(name, scope) }
}

func reindex(_ names: [String]) -> Int {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var index = SpotlightIndex()
  indexAll(names.prefix(1).map { $0 }, scope)
  // The rest is indexed on a background thread, which has implicits of
  // its own: none.
  let done = DispatchSemaphore(value: 0)
  let worker = Thread {
    indexAll(Array(names.dropFirst()), scope)
    done.signal()
  }
  worker.start()
  done.wait()
  return index.count
}
