import Implicits

protocol Clearing: AnyObject {
  func clear()
}

protocol Syncing: AnyObject {
  func sync() -> Int
}

typealias TabsState = Clearing & Syncing

final class TabsStore: Clearing, Syncing {
  var tabs = ["start", "news"]
  func clear() { tabs = [] }
  func sync() -> Int { tabs.count }
}

/// The application object of module `App`.
final class App {
  private let implicits = Implicits(capturing: .type(TabsState.self))

  init(_ scope: ImplicitScope) {}

  func closeAllTabs() -> Int {
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    return closeTabs(scope)
  }
}

func closeTabs(_: ImplicitScope) -> Int {
  @Implicit var tabs: any Clearing & Syncing
  let count = tabs.sync()
  tabs.clear()
  return count
}

func launchApp(restoreTabs: Bool) -> App {
  let scope = ImplicitScope()
  defer { scope.end() }
  if !restoreTabs {
    // A fresh start: the store is set up before the app object.
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var tabs: any Clearing & Syncing = TabsStore()
    return App(scope)
  }
  // Restoring: the app object is created first, then the restored store.
  let app = App(scope)
  @Implicit var tabs: any Clearing & Syncing = TabsStore()
  return app
}
