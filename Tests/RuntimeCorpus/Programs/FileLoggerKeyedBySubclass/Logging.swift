import Implicits

class Logger {
  func log(_ line: String) -> String { "log: \(line)" }
}

final class FileLogger: Logger {
  let path: String
  init(path: String) { self.path = path }
  override func log(_ line: String) -> String { "\(path): \(line)" }
}

final class Uploader {
  let logger: Logger
  init(_ scope: ImplicitScope) {
    @Implicit var logger: Logger
    self.logger = logger
  }
  func upload(_ name: String) -> String { logger.log("uploaded \(name)") }
}

func consoleSession() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  return Uploader(scope).upload("a.txt")
}

// Release builds log to a file; the provide is keyed by the subclass.
func releaseSession() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = FileLogger(path: "/var/log/app.log")
  return Uploader(scope).upload("b.txt")
}
