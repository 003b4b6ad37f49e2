import ImplicitsTestSupport

/// The project the tests' servers work on, in a file system in memory
/// (what `Tests/LanguageServer/conftest.py` makes on disk, smaller): `Core`
/// declares a logger and a function that requires it, `App` provides it
/// and calls that function, and `Pair` is two files, one requiring what
/// the other's scope provides.
enum TestProject {
  static let root = "/project"
  static let manifest = root + "/implicits.yaml"
  static let logger = root + "/Core/Logger.swift"
  static let main = root + "/App/main.swift"
  static let reader = root + "/Pair/Reader.swift"
  static let caller = root + "/Pair/Caller.swift"

  static let manifestText = """
    version: 1
    modules:
      - name: Core
        sources: [Core]
      - name: App
        sources: [App]
        dependencies: [Core]
      - name: Pair
        sources: [Pair]

    """

  static let loggerText = """
    import Implicits

    public final class Logger {
      public init() {}
      public func record(_ message: String) {}
    }

    public func log(_ message: String, _: ImplicitScope) {
      @Implicit var logger: Logger
      logger.record(message)
    }

    """

  static let mainText = """
    import Core
    import Implicits

    func run() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var logger = Logger()
      log("started", scope)
    }

    """

  static let readerText = """
    import Implicits

    public final class Clock {
      public init() {}
    }

    func tick(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
      _ = clock
    }

    """

  static let callerText = """
    import Implicits

    func run() {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var clock = Clock()
      tick(scope)
    }

    """

  /// The line (from 0) of `text` where `fragment` first is, and the
  /// character (UTF-16, from 0) `offset` past its start.
  static func position(of fragment: String, in text: String, offset: Int = 0) -> (line: Int, character: Int) {
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let found = line.range(of: fragment) {
        return (number, line.utf16.distance(from: line.startIndex, to: found.lowerBound) + offset)
      }
    }
    return (-1, -1)
  }

  /// A file system holding the project.
  static func fileSystem() -> InMemoryFileSystem {
    let fileSystem = InMemoryFileSystem()
    fileSystem.put(manifestText, at: manifest)
    fileSystem.put(loggerText, at: logger)
    fileSystem.put(mainText, at: main)
    fileSystem.put(readerText, at: reader)
    fileSystem.put(callerText, at: caller)
    return fileSystem
  }
}
