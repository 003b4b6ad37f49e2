import Implicits

struct User {
  let id: Int
  let name: String
}

final class APIClient {
  private(set) var hits = 0
  func user(_ id: Int) -> User {
    hits += 1
    return User(id: id, name: ["ana", "ben", "cai"][id % 3])
  }
}

final class UserCache {
  private var users: [Int: User] = [:]
  func get(_ id: Int) -> User? { users[id] }
  func put(_ user: User) { users[user.id] = user }
}

/// A use case object, called like a function.
struct FetchUser {
  func callAsFunction(_ id: Int, _: ImplicitScope) -> User {
    @Implicit var cache: UserCache
    @Implicit var api: APIClient
    if let user = cache.get(id) { return user }
    let user = api.user(id)
    cache.put(user)
    return user
  }
}

final class ProfileViewModel {
  let fetchUser = FetchUser()
  private(set) var title = ""

  func load(_ ids: [Int], _ scope: ImplicitScope) {
    var names: [String] = []
    for id in ids {
      names.append(fetchUser(id, scope).name)
    }
    title = names.joined(separator: ", ")
  }
}
