import Foundation
import Implicits

final class ThemeStore {
  static let shared = ThemeStore()
  static func make() -> ThemeStore { ThemeStore() }
  let palette = Palette()
  var fallback: Palette { Palette() }
  func current() -> Theme { .light }
}

struct Palette {}

enum Theme {
  case light, dark
  case custom(Int)
}

struct Box<Content> {
  var content: Content
}

func makeStore() -> ThemeStore { .shared }

func render(_ scope: ImplicitScope) {
  @Implicit var store: ThemeStore // expected-note:3 {{'ThemeStore' is required here by 'render(_:)'}}
  @Implicit var palette: Palette
  @Implicit var theme: Theme
  @Implicit var count: Int // expected-note:3 {{'Int' is required here by 'render(_:)'}}
  @Implicit var ratio: Double
  @Implicit var title: String
  @Implicit var names: [String]
  @Implicit var tags: Set<String>
  @Implicit var scores: [String: Int]
  @Implicit var url: URL // expected-note:3 {{'URL' is required here by 'render(_:)'}}
  @Implicit var box: Box<Int>
}

// Every key comes from what the code declares: a static factory, a static
// property, a function's result type, a property, an enum case, literals,
// collection initializers.
func fromDeclarations() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var store = ThemeStore.make()
  @Implicit var palette = store.palette
  @Implicit var theme = Theme.dark
  @Implicit var count = 3
  @Implicit var ratio = 0.5
  @Implicit var title = "Inbox"
  @Implicit var names = [String]()
  @Implicit var tags = Set<String>()
  @Implicit var scores = [String: Int]()
  @Implicit var url = URL(fileURLWithPath: "/tmp")
  @Implicit var box = Box<Int>(content: 1)
  render(scope)
}

func fromValuesOfDeclaredType(store: ThemeStore, theme: Theme, local: [String]) {
  let scope = ImplicitScope()
  defer { scope.end() }
  let shared = ThemeStore.shared
  @Implicit var sharedStore = shared
  @Implicit var palette = shared.fallback
  @Implicit var current = store.current()
  @Implicit var made = makeStore().palette
  @Implicit var count = local.count
  @Implicit var ratio = [0.25, 0.5].first!
  @Implicit var title = local[0]
  @Implicit var names = local
  @Implicit var tags = Set(["a"]) as Set<String>
  @Implicit var scores = ["a": 1]
  @Implicit var url = URL(string: "https://example.com")!
  @Implicit var box = Box(content: 1) as Box<Int>
  render(scope)
}

// Failable initializers give optionals: the reads of Int and URL miss.
func failable(text: String) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Int, ThemeStore, URL}}
  defer { scope.end() }
  @Implicit var count = Int(text)
  @Implicit var url = URL(string: text)
  @Implicit var palette = Palette()
  @Implicit var theme = Theme.custom(2)
  @Implicit var ratio = Double(2)
  @Implicit var title = String(42)
  @Implicit var names = ["a", "b"]
  @Implicit var tags: Set<String> = []
  @Implicit var scores: [String: Int] = [:]
  @Implicit var box: Box<Int> = Box(content: 1)
  render(scope) // expected-note:3 {{'render(_:)' requires 'Int', called here}} expected-note:3 {{'render(_:)' requires 'ThemeStore', called here}} expected-note:3 {{'render(_:)' requires 'URL', called here}}
}

func unknowable(value: Any, texts: [String]) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Int}}
  defer { scope.end() }
  @Implicit var count = Int(value as! Substring) // provides Int? from a Substring
  readCount(scope) // expected-note:3 {{'readCount(_:)' requires 'Int', called here}}
  @Implicit var closureResult = { ThemeStore() }() // expected-error:3 {{Unable to infer implicit key: add a type annotation ('@Implicit var closureResult: Type = …') or use a named key}}
  @Implicit var unknown = Int(texts.map { $0 }.joined()) // expected-error:3 {{Unable to infer implicit key: whether 'Int(_:)' fails depends on the type of its argument, which the code does not declare: add a type annotation ('@Implicit var unknown: Type = …') or use a named key}}
  @Implicit var generic = Box(content: 1) // expected-error:3 {{Unable to infer implicit key: 'Box' is generic and its arguments are not written here: add a type annotation ('@Implicit var generic: Type = …') or use a named key}}
  @Implicit var optional = try? ThemeStore.make().current()
}

func readCount(_ scope: ImplicitScope) {
  @Implicit var count: Int // expected-note:3 {{'Int' is required here by 'readCount(_:)'}}
}
