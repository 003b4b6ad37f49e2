import Implicits

final class ThumbnailService: Sendable {
  let size: Int
  init(size: Int) { self.size = size }
  func thumbnail(_ id: Int) async -> String {
    await Task.yield()
    return "thumb\(id)@\(size)"
  }
}

actor Metrics {
  private(set) var counts: [String: Int] = [:]
  func count(_ name: String) { counts[name, default: 0] += 1 }
}

func fetchThumbnail(_ id: Int, _: ImplicitScope) async -> String {
  @Implicit var service: ThumbnailService
  @Implicit var metrics: Metrics
  await metrics.count("thumbnail")
  return await service.thumbnail(id)
}

func fetchTitle(_ id: Int, _: ImplicitScope) async -> String {
  @Implicit var metrics: Metrics
  await metrics.count("title")
  return "Video \(id)"
}

func prefetchRow(_ ids: [Int], _ scope: ImplicitScope) async -> [Int: String] {
  await withTaskGroup(of: (Int, String).self) { group in
    for id in ids {
      group.addTask { (id, await fetchThumbnail(id, scope)) }
    }
    var thumbnails: [Int: String] = [:]
    for await (id, thumbnail) in group { thumbnails[id] = thumbnail }
    return thumbnails
  }
}

func loadHeader(_ id: Int, _ scope: ImplicitScope) async -> String {
  async let title = fetchTitle(id, scope)
  async let cover = fetchThumbnail(id, scope)
  return await "\(title) [\(cover)]"
}

func openHome() async -> ([String], [String: Int]) {
  await withScope { scope in
    @Implicit var service = ThumbnailService(size: 128)
    @Implicit var metrics = Metrics()
    let header = await loadHeader(1, scope)
    let row = await prefetchRow([2, 3, 4], scope)
    return ([header] + row.keys.sorted().map { row[$0]! }, await metrics.counts)
  }
}
