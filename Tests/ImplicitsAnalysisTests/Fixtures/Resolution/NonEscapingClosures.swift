import Implicits

// A closure passed to a parameter that Swift makes non-escaping runs
// during the call: it may use the scope, and its requirements are the
// call's, in the scope state at the call.

final class Logger {}
final class Theme {}
struct Row {
  let title: String
  func render(_ scope: ImplicitScope) -> String {
    @Implicit var theme: Theme
    return title
  }
}

func render(_ item: Int, _ scope: ImplicitScope) -> String {
  @Implicit var logger: Logger // expected-note:3 {{'Logger' is required here by 'render(_:_:)'}}
  return "\(item)"
}

func apply(_ items: [Int], _ body: (Int) -> Void) { for item in items { body(item) } }
func measure(label: String, _ body: () -> Void) { body() }
func schedule(_ work: @escaping () -> Void) { work() }
func maybe(_ work: (() -> Void)?) { work?() }

func collections(_ items: [Int], rows: [Row], _ scope: ImplicitScope) {
  let rendered = items.map { render($0, scope) }
  items.forEach { item in _ = render(item, scope) }
  let total = items.reduce(0) { $0 + render($1, scope).count }
  let sorted = items.sorted { render($0, scope) < render($1, scope) }
  let found = items.first(where: { render($0, scope) == "2" })
  let any = items.contains { render($0, scope) == "3" }
  let titles = rows.map { $0.render(scope) }
  let name: String? = rendered.isEmpty ? nil : "x"
  let first = name.map { $0 + render(0, scope) }
  _ = (total, sorted, found, any, titles, first)
}

func paginate(_ rows: [Row], pageSize: Int, _ body: ([Row]) -> Void) { body(rows) }

func moduleFunctions(_ items: [Int], rows: [Row], _ scope: ImplicitScope) {
  apply(items) { _ = render($0, scope) }
  // The closure's parameter has the type the function declares for it.
  paginate(rows, pageSize: 2) { page in
    _ = page.map { $0.render(scope) }
  }
  measure(label: "render") { _ = render(1, scope) }
  _ = { render(2, scope) }()
}

func escaping(_ items: [Int], _ scope: ImplicitScope) {
  schedule {
    _ = render(1, scope) // expected-error:19 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  }
  maybe {
    _ = render(2, scope) // expected-error:19 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  }
  let lazyRows = items.lazy.map { render($0, scope) } // expected-error:46 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
  _ = lazyRows
}

func unknownReceiver(_ values: UnknownBox, _ scope: ImplicitScope) {
  _ = values.map { render($0, scope) } // expected-error:31 {{A closure cannot use the scope of the code around it: capture a bag with '[implicits = #implicits]' and reopen it with 'let scope = ImplicitScope(with: implicits)'}}
}

func inTaskGroups(_ items: [Int], _ scope: ImplicitScope) async {
  await withTaskGroup(of: String.self) { group in
    for item in items {
      group.addTask { render(item, scope) }
    }
    for await _ in group {}
  }
}

// A provide inside the closure needs a scope opened there, and serves
// only what runs in it; a provide after the call does not serve it.
func stateAtTheCall(_ items: [Int]) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Logger}}
  defer { scope.end() }
  @Implicit var theme = Theme()
  items.forEach { _ in
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var logger = Logger()
    _ = render(1, scope)
  }
  items.forEach { _ = render($0, scope) } // expected-note:23 {{'render(_:_:)' requires 'Logger', called here}}
  @Implicit var logger = Logger()
}

func main() async {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var theme = Theme()
  collections([1, 2], rows: [Row(title: "a")], scope)
  moduleFunctions([1], rows: [], scope)
  escaping([1], scope)
  await inTaskGroups([1, 2], scope)
}
