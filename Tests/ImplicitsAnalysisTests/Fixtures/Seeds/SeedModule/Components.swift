import Implicits

final class NetworkService {}
final class DatabaseService {
  var settings = Settings()
}
struct Settings {
  var guestModeEnabled = ObservableVariable<Bool>(false)
}
final class ObservableVariable<T> {
  var value: T
  init(_ value: T) { self.value = value }
}
final class ImageService {
  init(_ scope: ImplicitScope) {
    @Implicit var network: NetworkService
  }
}
final class SuggestionsService {
  init(_ scope: ImplicitScope) {
    @Implicit var imageService: ImageService
    @Implicit var databaseService: DatabaseService
  }
}
final class Post {
  init(_ scope: ImplicitScope) {
    @Implicit var network: NetworkService
  }
}
final class Screen {
  init(_ scope: ImplicitScope) {
    @Implicit var networkService: NetworkService
  }
}
final class ProfileUI {
  init(_ scope: ImplicitScope) {
    @Implicit(\.guestModeEnabled) var guestModeEnabled: ObservableVariable<Bool>
  }
}

extension ImplicitsKeys {
  static let guestModeEnabled = Key<ObservableVariable<Bool>>()
  static let darkModeEnabled = Key<ObservableVariable<Bool>>()
}

final class SearchComponent {
  @Implicit()
  var databaseService: DatabaseService

  var suggestionsService: SuggestionsService

  init(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }

    @Implicit
    var imageService = ImageService(scope)

    self.suggestionsService = SuggestionsService(scope)
  }
}

final class FeedComponent {
  var postFactory: () -> Post

  init(_ scope: ImplicitScope) {
    self.postFactory = {
      [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return Post(scope)
    }
  }
}

final class ProfileComponent {
  let implicits = #implicits

  @Implicit()
  var networkService: NetworkService

  @Implicit()
  var searchComponent: SearchComponent

  init(_ scope: ImplicitScope) {}

  func makeScreen() -> Screen {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }

    return Screen(scope)
  }

  func makeProfileUI() -> ProfileUI {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }

    @Implicit()
    var db: DatabaseService

    @Implicit(\.guestModeEnabled)
    var guestModeEnabled = db.settings.guestModeEnabled

    return ProfileUI(scope)
  }
}

final class App {
  init(_ scope: ImplicitScope) {
    @Implicit var search: SearchComponent
    @Implicit var feed: FeedComponent
  }
  func start() {}
}

func appDidFinishLaunching() {
  let scope = ImplicitScope()
  defer { scope.end() }

  @Implicit
  var network = NetworkService()

  @Implicit
  var database = DatabaseService()

  @Implicit
  var search = SearchComponent(scope)

  @Implicit
  var feed = FeedComponent(scope)

  @Implicit
  var profile = ProfileComponent(scope) // unread

  let app = App(scope)
  app.start()
}
