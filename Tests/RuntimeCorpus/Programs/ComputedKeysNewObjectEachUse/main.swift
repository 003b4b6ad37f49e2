// Two keys declared as computed properties that make a new key object at
// every use. A retry count is provided under one, a user name read under
// the other: nothing provides the name, and the run must say so, never
// read the count's value as a string (a freed key object's address used to
// go to the next key).
// expect: stops
// build: debug and release
import Implicits

extension ImplicitsKeys {
  static var retryCount: Key<Int> { Key<Int>() }
  static var userName: Key<String> { Key<String>() }
}

func greeting(_ scope: ImplicitScope) -> String {
  @Implicit(\.userName) var name: String
  return "hello, " + name
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit(\.retryCount) var retries = 3
  print(greeting(scope))
}

run()
