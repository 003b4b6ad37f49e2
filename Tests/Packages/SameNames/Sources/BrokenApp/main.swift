import Core
import Implicits

struct Config {
  let theme: String
}

func load(_ path: String, _ scope: ImplicitScope) -> String {
  Core.fetch(path, scope)
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  // The app's Config is not Core's: Core's Client still needs its own.
  @Implicit var config = Config(theme: "dark")
  @Implicit var logger = Core.Logger()
  print(load("/feed", scope))
}

run()
