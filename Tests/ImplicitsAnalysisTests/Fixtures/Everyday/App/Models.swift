import Foundation
import Implicits

struct Item: Hashable {
  let id: Int
  var title: String
}

final class Analytics {
  func track(_ event: String) {}
}

final class ImageLoader {
  func load(_ url: URL) -> Data? { nil }
}

struct Theme {
  var accent: String
  static let standard = Theme(accent: "blue")
}

typealias Identifier = Int

extension ImplicitsKeys {
  static let apiBaseURL = Key<URL>()
  static let isDebugMenuEnabled = Key<Bool>()
}

// Static members and methods added to types of other modules.
extension Int {
  static func parse(_ text: String, _ scope: ImplicitScope) -> Int {
    @Implicit var analytics: Analytics
    analytics.track("parse")
    return Int(text) ?? 0
  }
}

extension String {
  func localized(_ scope: ImplicitScope) -> String {
    @Implicit var theme: Theme
    return self + theme.accent
  }
}
