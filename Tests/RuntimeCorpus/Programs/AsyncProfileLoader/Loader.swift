import Implicits

actor ImageCache {
  private var images: [String: [UInt8]] = [:]
  func image(for url: String) -> [UInt8]? { images[url] }
  func insert(_ bytes: [UInt8], for url: String) { images[url] = bytes }
  var count: Int { images.count }
}

final class HTTPClient: Sendable {
  let host: String
  init(host: String) { self.host = host }
  func fetch(_ path: String) async throws -> [UInt8] {
    try await Task.sleep(nanoseconds: 1_000_000)
    if path.hasSuffix("missing") { throw LoaderError.notFound(path) }
    return Array("\(host)\(path)".utf8)
  }
}

enum LoaderError: Error {
  case notFound(String)
}

struct Profile {
  let name: String
  let avatarSize: Int
}

func loadAvatar(_ path: String, _: ImplicitScope) async throws -> [UInt8] {
  @Implicit var cache: ImageCache
  @Implicit var client: HTTPClient
  if let cached = await cache.image(for: path) { return cached }
  let bytes = try await client.fetch(path)
  await cache.insert(bytes, for: path)
  return bytes
}

func loadProfile(_ name: String, _ scope: ImplicitScope) async throws -> Profile {
  let avatar = try await loadAvatar("/avatars/\(name)", scope)
  return Profile(name: name, avatarSize: avatar.count)
}

func loadProfiles(_ names: [String]) async -> [Result<Profile, Error>] {
  await withScope { scope in
    @Implicit var cache = ImageCache()
    @Implicit var client = HTTPClient(host: "https://cdn.example")
    var results: [Result<Profile, Error>] = []
    for name in names {
      do {
        results.append(.success(try await loadProfile(name, scope)))
      } catch {
        results.append(.failure(error))
      }
    }
    // A second round hits the cache.
    _ = try? await loadProfile(names[0], scope)
    print("cached:", await cache.count)
    return results
  }
}

func loadMirror(_ name: String) async throws -> Profile {
  try await withScope { scope in
    @Implicit var cache = ImageCache()
    @Implicit var client = HTTPClient(host: "https://mirror.example")
    return try await loadProfile(name, scope)
  }
}
