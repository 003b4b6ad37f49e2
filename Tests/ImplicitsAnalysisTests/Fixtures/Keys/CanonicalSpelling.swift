import Foundation
import Implicits

protocol Tracker {}
typealias Handler = (Int) -> Void
typealias Counts = [String: Int]

enum Feature {
  struct Flags {}
  static func read(_: ImplicitScope) {
    @Implicit var flags: Flags
  }
}

func readAll(_: ImplicitScope) {
  @Implicit var numbers: Array<Int> // expected-note:3 {{'Array<Int>' is required here by 'readAll(_:)'}}
  @Implicit var name: Optional<String> // expected-note:3 {{'Optional<String>' is required here by 'readAll(_:)'}}
  @Implicit var counts: Dictionary<String, Int>
  @Implicit var tracker: Tracker
  @Implicit var handler: (Int) -> ()
  @Implicit var url: Foundation.URL
  @Implicit var count: Swift.Int
  @Implicit var flags: Feature.Flags
}

func provideAll() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var numbers: [Int] = []
  @Implicit var name: String? = nil
  @Implicit var counts: Counts = [:]
  @Implicit var tracker: any Tracker = RealTracker()
  @Implicit var handler: Handler = { _ in }
  @Implicit var url = URL(string: "https://example.com")!
  @Implicit var count = 3
  @Implicit var flags = Feature.Flags()
  readAll(scope)
  Feature.read(scope)
}

struct RealTracker: Tracker {}

func mismatch() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Array<Int>, Optional<String>}}
  defer { scope.end() }
  @Implicit var numbers: [Int8] = []
  @Implicit var name: String = ""
  @Implicit var counts: Counts = [:]
  @Implicit var tracker: any Tracker = RealTracker()
  @Implicit var handler: Handler = { _ in }
  @Implicit var url = URL(string: "https://example.com")!
  @Implicit var count = 3
  @Implicit var flags = Feature.Flags()
  readAll(scope) // expected-note:3 {{'readAll(_:)' requires 'Array<Int>', called here}} expected-note:3 {{'readAll(_:)' requires 'Optional<String>', called here}}
}
