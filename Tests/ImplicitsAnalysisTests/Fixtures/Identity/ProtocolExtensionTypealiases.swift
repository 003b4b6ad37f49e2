import Implicits

// Inside a type, a name written in an expression (`Style()`, `Style.self`)
// means the member typealias of a protocol extension of a protocol the
// type conforms to, before the module's type of that name; written in a
// type annotation, it means the module's type (as swiftc resolves them).

protocol ListScreen {}
protocol DetailScreen: ListScreen {}
struct ListStyle {}
struct Style {}
extension ListScreen { typealias Style = ListStyle }

func drawList(_ scope: ImplicitScope) { @Implicit var style: ListStyle }
func drawPlain(_ scope: ImplicitScope) { @Implicit var style: Style } // expected-note:42 {{'Style' is required here by 'drawPlain(_:)'}}

struct Inbox: ListScreen {
  func show(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var style = Style()  // a ListStyle
    drawList(scope)
  }

  func annotated(_ scope: ImplicitScope) {
    @Implicit var style: Style  // the module's Style // expected-note:5 {{'Style' is required here by 'Inbox.annotated(_:)'}}
  }
}

struct Message: DetailScreen {
  func show(_ scope: ImplicitScope) {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(Style.self) var style = ListStyle()  // ListStyle, through DetailScreen
    drawList(scope)
    drawPlain(scope) // expected-note:5 {{'drawPlain(_:)' requires 'Style', called here}}
  }
}

func main() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Style}}
  defer { scope.end() }
  Inbox().show(scope)
  Message().show(scope) // expected-note:13 {{'Message.show(_:)' requires 'Style', called here}}
}

func annotatedNeedsTheModulesStyle() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Style}}
  defer { scope.end() }
  @Implicit var style = ListStyle()
  Inbox().annotated(scope) // expected-note:11 {{'Inbox.annotated(_:)' requires 'Style', called here}}
}
