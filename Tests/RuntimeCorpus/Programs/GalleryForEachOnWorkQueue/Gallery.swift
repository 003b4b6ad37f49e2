import Implicits

/// The gallery's own work queue: submitted work runs when it is drained.
final class WorkQueue {
  private var work: [() -> Void] = []
  func submit(_ item: @escaping () -> Void) { work.append(item) }
  func drain() {
    let items = work
    work = []
    items.forEach { $0() }
  }
}

extension Array {
  /// Runs `body` for every element on `queue`, later.
  func forEach(on queue: WorkQueue, _ body: @escaping (Element) -> Void) {
    for element in self {
      queue.submit { body(element) }
    }
  }
}

final class ImageCache {
  private(set) var thumbnails: [String] = []
  func store(_ name: String) { thumbnails.append(name) }
}

func renderThumbnail(_ photo: String, _: ImplicitScope) {
  @Implicit var cache: ImageCache
  cache.store("thumb-" + photo)
  print("rendered", photo)
}

func showGallery(_ photos: [String], queue: WorkQueue) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var cache = ImageCache()
  // The first thumbnail right away, with the standard `forEach`.
  photos.prefix(1).forEach { renderThumbnail($0, scope) }
  // The others on the work queue, with the app's `forEach(on:_:)`.
  photos.forEach(on: queue) { renderThumbnail($0, scope) }
}
