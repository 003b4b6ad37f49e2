import Core
import Implicits

extension ImplicitsKeys {
  /// The name of the signed-in user. Read in this module only: with Swift
  /// 6.3, reading another module's named key crashes, even with -O (see
  /// docs/user-guide.md, "Known issues"); App provides it, which works.
  public static let userName = Key<String>()
}

/// One post of the feed.
public struct Post {
  public let author: String
  public let text: String
}

/// The feed: loads the posts for the signed-in user when it is made, and
/// shows them later with the implicits it was made with.
public final class FeedScreen {
  private let implicits = #implicits
  private var posts: [Post] = []

  public init(_ scope: ImplicitScope) {
    @Implicit(\.userName) var userName: String
    posts = [Post(author: "ada", text: "hello \(userName)"), Post(author: "grace", text: "welcome back")]
    note("feed loaded \(posts.count) posts for \(userName)", scope)
  }

  public func show() -> [String] {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    @Implicit var analytics: Analytics
    analytics.track("feed.show")
    note("feed shown", scope)
    return posts.map { "\($0.author): \($0.text)" }
  }
}
