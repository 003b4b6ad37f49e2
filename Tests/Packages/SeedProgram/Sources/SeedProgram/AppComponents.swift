import Foundation
import Implicits

// README, "Understanding Scopes" to "Transforming Implicits with map": the
// components of appDidFinishLaunching.

final class ObservableVariable<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}

struct DatabaseSettings {
  var guestModeEnabled: ObservableVariable<Bool>
}

final class NetworkService {
  let baseURL: URL
  init(baseURL: URL = URL(string: "https://api.example.com")!) { self.baseURL = baseURL }
  func search(query: String) -> String { "\(baseURL.absoluteString)/search?q=\(query)" }
}

final class DatabaseService {
  let settings = DatabaseSettings(guestModeEnabled: ObservableVariable(true))
}

final class ImageService {
  @Implicit() var network: NetworkService
  init(_ scope: ImplicitScope) {}
}

final class SuggestionsService {
  @Implicit() var imageService: ImageService
  @Implicit() var databaseService: DatabaseService
  init(_ scope: ImplicitScope) {}
}

extension ImplicitsKeys {
  static let guestModeEnabled =
    Key<ObservableVariable<Bool>>()
  static let darkModeEnabled = Key<ObservableVariable<Bool>>()
  static let analyticsEnabled = Key<ObservableVariable<Bool>>()
  static let guestStorage = Key<GuestStorage>()
}

final class SearchComponent {
  // Access implicit from parent scope
  @Implicit()
  var databaseService: DatabaseService

  let suggestionsService: SuggestionsService
  let imageServiceVisibleAfterInit: Bool

  init(_ scope: ImplicitScope) {
    do {
      // Create a nested scope for local implicits
      let scope = scope.nested()
      defer { scope.end() }

      // This implicit is only available in this scope
      @Implicit
      var imageService = ImageService(scope)

      self.suggestionsService = SuggestionsService(scope)
    }
    imageServiceVisibleAfterInit = !ImplicitScope.dumpCurrent()[like: "ImageService"].isEmpty
  }
}

final class Post {
  @Implicit() var network: NetworkService
  init(_ scope: ImplicitScope) {}
}

final class FeedComponent {
  let postFactory: () -> Post

  init(_ scope: ImplicitScope) {
    // `#implicits` needs the analyzer's support file; without it, the bag
    // names its keys.
    self.postFactory = {
      [implicits = Implicits(capturing: .type(NetworkService.self))] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return Post(scope)
    }
  }
}

final class Screen {
  @Implicit() var networkService: NetworkService
  @Implicit() var searchComponent: SearchComponent
  init(_ scope: ImplicitScope) {}
}

final class ProfileUI {
  @Implicit(\.guestModeEnabled) var guestModeEnabled: ObservableVariable<Bool>
  init(_ scope: ImplicitScope) {}
}

final class ProfileComponent {
  // Store implicit context at instance level
  let implicits = Implicits(
    capturing: .type(NetworkService.self), .type(SearchComponent.self), .type(DatabaseService.self))

  @Implicit()
  var networkService: NetworkService

  @Implicit()
  var searchComponent: SearchComponent

  init(_ scope: ImplicitScope) {}

  func makeScreen() -> Screen {
    // Create new scope with stored context
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }

    return Screen(scope)
  }

  func makeProfileUI() -> ProfileUI {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }

    // Type-based key (default)
    @Implicit()
    var db: DatabaseService

    // Named key for specific semantic meaning
    @Implicit(\.guestModeEnabled)
    var guestModeEnabled = db.settings.guestModeEnabled

    return ProfileUI(scope)
  }
}

final class GuestStorage {
  let database: DatabaseService
  init(_ database: DatabaseService) { self.database = database }
}

final class GuestMode {
  @Implicit(\.guestStorage) var storage: GuestStorage
  init(_ scope: ImplicitScope) {}
}

final class App {
  @Implicit()
  var databaseService: DatabaseService

  let guestMode: GuestMode

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    // Transform DatabaseService → GuestStorage
    Implicit.map(DatabaseService.self, to: \.guestStorage) {
      GuestStorage($0)
    }

    // Now GuestStorage is available as an implicit
    self.guestMode = GuestMode(scope)
  }

  func start() -> String {
    let sameDatabase = guestMode.storage.database === databaseService
    return "App started; guest mode stores in the app's DatabaseService: \(sameDatabase)"
  }
}
