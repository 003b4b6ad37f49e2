import Implicits

final class Analytics {
  private(set) var events: [String] = []
  func track(_ name: String) { events.append(name) }
}

final class UserStore {
  let userName: String
  init(userName: String) { self.userName = userName }
}

struct ProfileHeader {
  let title: String

  init(_ scope: ImplicitScope) {
    @Implicit var users: UserStore
    title = "Hello, \(users.userName)"
  }
}

final class ProfileComponent {
  @Implicit var analytics: Analytics
  let header: ProfileHeader

  init(_ scope: ImplicitScope) {
    header = ProfileHeader(scope)
    analytics.track("profile_built")
  }
}

func showProfile() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit var users = UserStore(userName: "ada")
  let profile = ProfileComponent(scope)
  // Analytics was added later, below the component that reads it.
  @Implicit var analytics = Analytics()
  analytics.track("profile_shown")
  return profile.header.title
}

func showHeaderOnly() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var users = UserStore(userName: "grace")
  return ProfileHeader(scope).title
}
