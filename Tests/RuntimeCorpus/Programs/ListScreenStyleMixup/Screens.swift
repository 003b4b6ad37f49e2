import Implicits

struct ContactsScreen: ListScreen {
  let title = "Contacts"

  // Meant as the list style, but Swift resolves `Style` here to the
  // module's text style.
  func rows(_ names: [String], _: ImplicitScope) -> [String] {
    @Implicit var style: Style
    return names.map { "\($0) [\(style.font)]" }
  }
}

struct ContactsHost: ListScreen {
  let title = "Host"

  // The host provides "its" list style, under the alias' target.
  func open(_ scope: ImplicitScope) -> [String] {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var style: ListStyle = ListStyle(rowHeight: 40, separators: true)
    return [title] + ContactsScreen().rows(["Ann", "Ben"], scope)
  }
}

func launchContacts() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  return ContactsHost().open(scope)
}
