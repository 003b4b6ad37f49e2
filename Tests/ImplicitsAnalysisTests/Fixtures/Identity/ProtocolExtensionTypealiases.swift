import Implicits

// Inside a type, a name means the member typealias of a protocol extension
// of a protocol it conforms to, before the module's type of that name.

protocol ListScreen {}
protocol DetailScreen: ListScreen {}
struct ListStyle {}
struct Style {}
extension ListScreen { typealias Style = ListStyle }

struct Inbox: ListScreen {
  func show(_ scope: ImplicitScope) {
    @Implicit var style: Style  // ListStyle
  }
}

struct Message: DetailScreen {
  func show(_ scope: ImplicitScope) {
    @Implicit var style: Style  // ListStyle, through DetailScreen
  }
}

struct Settings {
  func show(_ scope: ImplicitScope) {
    @Implicit var style: Style  // the module's Style
  }
}

func main() {
  let scope = ImplicitScope() // expected-error {{Unresolved requirement: Style}}
  defer { scope.end() }
  @Implicit var style = ListStyle()
  Inbox().show(scope)
  Message().show(scope)
  Settings().show(scope)
}
