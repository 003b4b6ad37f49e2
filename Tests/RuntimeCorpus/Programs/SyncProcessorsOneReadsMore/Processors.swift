import Implicits

final class NetworkService {
  func upload(_ item: String) -> Bool { !item.isEmpty }
}

final class DiskCache {
  private(set) var stored: [String] = []
  func write(_ item: String) { stored.append(item) }
}

protocol DataProcessor {
  var name: String { get }
  func process(_ items: [String], _ scope: ImplicitScope) -> Int
}

struct UploadProcessor: DataProcessor {
  let name = "upload"
  func process(_ items: [String], _: ImplicitScope) -> Int {
    @Implicit var network: NetworkService
    return items.filter { network.upload($0) }.count
  }
}

struct CompressProcessor: DataProcessor {
  let name = "compress"
  func process(_ items: [String], _: ImplicitScope) -> Int {
    @Implicit var network: NetworkService
    return items.map { String($0.prefix(3)) }.filter { network.upload($0) }.count
  }
}

/// Added later: the only processor that also writes to disk.
struct CacheProcessor: DataProcessor {
  let name = "cache"
  func process(_ items: [String], _: ImplicitScope) -> Int {
    @Implicit var cache: DiskCache
    items.forEach { cache.write($0) }
    return items.count
  }
}

func runPipeline(_ processors: [any DataProcessor], items: [String]) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var network = NetworkService()
  var report: [String] = []
  for processor in processors {
    report.append("\(processor.name): \(processor.process(items, scope))")
  }
  return report
}
