import Foundation
import ImplicitsTestSupport
import Testing

/// `implicits build --server` through the command line: the build server
/// keeps each module's analysis between builds; its builds must print,
/// exit and write exactly what builds without it do.
@Suite struct BuildServerTests {
  /// A build server of its own for each test: the server's socket lies in
  /// `TMPDIR` (a short folder, for the socket path's limit); stopped when
  /// the test ends.
  final class ServerFolder: Sendable {
    let path = "/tmp/isv-" + String(UUID().uuidString.prefix(8))
    /// `IMPLICITS_BUILD_SERVER_TIMEOUT`, when the test shortens it.
    let timeout: Double?
    var environment: [String: String] {
      ["TMPDIR": path, "SWIFT_BACKTRACE": "enable=no"].merging(
        timeout.map { ["IMPLICITS_BUILD_SERVER_TIMEOUT": "\($0)"] } ?? [:]) { a, _ in a }
    }
    /// The folder of this user's sockets in it.
    var socketFolder: String { "\(path)/implicits-\(getuid())" }

    init(timeout: Double? = nil) throws {
      self.timeout = timeout
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The running server's process and socket, as `--status` says them.
    func running(in directory: String) throws -> (process: pid_t, socket: String) {
      let status = try run(["build-server", "--status"], in: directory)
      let words = status.output.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
      let process = words.firstIndex(of: "process").flatMap { pid_t(words[$0 + 1]) }
      let socket = words.firstIndex(of: "socket").map { String(words[$0 + 1]) }
      return (try #require(process, "\(status.output)"), try #require(socket, "\(status.output)"))
    }

    func run(_ arguments: [String], in directory: String, extra: [String: String] = [:]) throws -> CommandLineTool.Result {
      try CommandLineTool.run(
        executable: CommandLineTool.executable, arguments, in: directory,
        environment: environment.merging(extra) { _, new in new }, killAfter: 120)
    }

    deinit {
      _ = try? CommandLineTool.run(
        executable: CommandLineTool.executable, ["build-server", "--stop"], in: path, environment: environment, killAfter: 60)
      // Whatever still runs for this folder (a test's stopped or hung server).
      for process in ProcessTable.processes(withArgumentContaining: path) { kill(process, SIGKILL) }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// A file whose build fails (status 1): a scope that does not provide
  /// what the function it calls reads.
  static let unresolvedRead = """
    import Implicits

    struct Missing {}

    func broken() {
      let scope = ImplicitScope()
      defer { scope.end() }
      read(scope)
    }

    func read(_ scope: ImplicitScope) {
      @Implicit var missing: Missing
      _ = missing
    }

    """

  /// The generated project, written in two folders.
  static func twoCopies(of generator: ProjectGenerator) throws -> (TemporaryDirectory, TemporaryDirectory) {
    let (first, second) = (try TemporaryDirectory(), try TemporaryDirectory())
    try generator.write(to: first.path)
    try generator.write(to: second.path)
    return (first, second)
  }

  /// Random edits of a generated project, each built through the server
  /// in one copy and without it in another: the same exit status, the same
  /// diagnostics, the same interfaces and support files; and the server
  /// reused kept declarations.
  @Test func buildsThroughTheServerMatchBuildsWithout() throws {
    let server = try ServerFolder()
    let generator = ProjectGenerator(modules: 6, totalLines: 1_800, fanIn: 2, filesPerModule: 3)
    let (served, plain) = try Self.twoCopies(of: generator)
    let files = try FileManager.default.subpathsOfDirectory(atPath: served.path + "/Modules")
      .filter { $0.hasSuffix(".swift") }.sorted().map { "Modules/" + $0 }
    var random = SeededRandom(seed: 28)

    let pair = ProjectPair(server: server, served: served, plain: plain, modules: generator.moduleNames)
    func compare(_ step: String) throws { try pair.compare(step) }

    try compare("first build")
    for edit in 1...24 {
      let file = files[random.next(below: files.count)]
      var lines = try served.read(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // Lines of bodies, mostly (indented twice): the edits the server's
      // reuse is for, among others that change declarations.
      let inner = lines.indices.filter { lines[$0].hasPrefix("    ") }
      let line = inner.isEmpty || edit % 5 == 0 ? random.next(below: lines.count) : inner[random.next(below: inner.count)]
      switch random.next(below: 4) {
      case 0: lines[line] = ""
      case 1: lines[line] = "    _ = 0"
      case 2: lines[line] = lines[random.next(below: lines.count)]
      default: lines[line] += " // edited \(edit)"
      }
      let text = lines.joined(separator: "\n")
      try served.write(text, to: file)
      try plain.write(text, to: file)
      try compare("edit \(edit) of \(file) line \(line + 1)")
    }
    let status = try server.run(["build-server", "--status"], in: served.path)
    #expect(status.status == 0, "\(status.errors)")
    let reused = status.output.split(separator: ",").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
    #expect(reused >= 5, "\(status.output)")
  }

  /// An upstream module's requirements change: its dependent, analyzed
  /// again in the server, must see the new interface, not the objects
  /// it kept; then a body edit of the dependent alone.
  @Test func aChangedUpstreamInterfaceReachesKeptModules() throws {
    let server = try ServerFolder()
    let served = try TemporaryDirectory()
    let plain = try TemporaryDirectory()
    for project in [served, plain] {
      try project.write(
        "version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n  - name: App\n    sources: [App]\n    dependencies: [Core]\n",
        to: "implicits.yaml")
      try project.write(
        """
        import Implicits

        public struct Token {
          public init() {}
        }

        public func work(_ scope: ImplicitScope) {
          let scope = scope.nested()
          defer { scope.end() }
          @Implicit var token = Token()
          use(scope)
        }

        func use(_ scope: ImplicitScope) {
          @Implicit var token: Token
          _ = token
        }

        """, to: "Core/Core.swift")
      try project.write(
        """
        import Core
        import Implicits

        func start() {
          let scope = ImplicitScope()
          defer { scope.end() }
          work(scope)
          _ = 1
        }

        """, to: "App/App.swift")
    }
    let pair = ProjectPair(server: server, served: served, plain: plain, modules: ["Core", "App"])
    try pair.compare("first build")
    for project in [served, plain] {
      try project.edit("Core/Core.swift", replacing: "  @Implicit var token = Token()\n", with: "  _ = 0\n")
    }
    let failed = try pair.compare("the provide in Core taken away")
    #expect(failed.status == 1)
    #expect(failed.output.contains("Token"), "\(failed.output)")
    for project in [served, plain] {
      try project.edit("App/App.swift", replacing: "  _ = 1\n", with: "  _ = 2\n")
    }
    try pair.compare("a body edit of App")
    for project in [served, plain] {
      try project.edit("Core/Core.swift", replacing: "  _ = 0\n", with: "  @Implicit var token = Token()\n")
    }
    #expect(try pair.compare("the provide given back").status == 0)
  }

  /// What a user sees: no server at first; a build starts one, which says
  /// what it keeps; `--stop` ends it. Bad input is refused by the server's
  /// build as by a build without it (status 2, the same message).
  @Test func startStatusAndStop() throws {
    let server = try ServerFolder()
    let project = try TemporaryDirectory()
    let none = try server.run(["build-server", "--status"], in: project.path)
    #expect(none.status == 1)
    #expect(none.errors.contains("implicits: no build server runs"))

    let missing = try server.run(["build", "--server"], in: project.path)
    let missingWithout = try server.run(["build"], in: project.path)
    #expect(missing.status == 2)
    #expect(missing.errors == missingWithout.errors, "\(missing.errors) / \(missingWithout.errors)")

    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func read(_ scope: ImplicitScope) {}\n", to: "Core/Core.swift")
    let built = try server.run(["build", "--server"], in: project.path)
    #expect(built.status == 0, "\(built.errors)")
    #expect(built.errors.contains("Build succeeded: 1 analyzed"), "\(built.errors)")
    #expect(project.exists(".implicits/interfaces/Core.implicitinterface"))
    let status = try server.run(["build-server", "--status"], in: project.path)
    #expect(status.status == 0)
    #expect(status.output.contains("1 modules kept"), "\(status.output)")

    let stopped = try server.run(["build-server", "--stop"], in: project.path)
    #expect(stopped.errors.contains("implicits: the build server stopped"), "\(stopped.errors)")
    #expect(try server.run(["build-server", "--status"], in: project.path).status == 1)
  }

  /// Builds of two projects started together through one server: it runs
  /// them one after the other, each in its client's folder (relative
  /// paths), and each client gets its own build's output.
  @Test func twoProjectsAtOnce() throws {
    let server = try ServerFolder()
    let (first, second) = try Self.twoCopies(of: ProjectGenerator(modules: 8, totalLines: 4_000, fanIn: 2, filesPerModule: 2))
    try second.write(Self.unresolvedRead, to: "Modules/M6/Sources/Broken.swift")
    let results = LockedResults()
    let (folders, environment) = ([first.path, second.path], server.environment)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let result = try? CommandLineTool.run(
        executable: CommandLineTool.executable, ["build", "--server", "-j", "2", "--build-report", "report.json"],
        in: folders[index], environment: environment, killAfter: 120)
      results.set(index, result)
    }
    let (a, b) = (try #require(results.get(0)), try #require(results.get(1)))
    #expect(a.status == 0, "\(a.errors)")
    #expect(a.output.isEmpty, "\(a.output)")
    #expect(b.status == 1, "\(b.errors)")
    #expect(b.output.contains("Modules/M6/Sources/Broken.swift:"), "\(b.output)")
    #expect(first.exists("report.json") && second.exists("report.json"))
    #expect(first.exists(".implicits/interfaces/M6.implicitinterface"))
    #expect(!second.exists(".implicits/interfaces/M6.implicitinterface"))
  }

  /// A server of an earlier build of the same executable (here: the same
  /// file at another socket in the folder) is stopped by the server a
  /// build starts, instead of staying until it is idle.
  @Test func aNewServerStopsTheEarlierOnes() throws {
    let server = try ServerFolder()
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func read(_ scope: ImplicitScope) {}\n", to: "Core/Core.swift")
    let folder = "\(server.path)/implicits-\(getuid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // It says it serves once it wrote which executable it is. (Idle, it
    // would end after longer than the safety net below.)
    let earlier = try RunningTool(
      ["build-server", "--socket", folder + "/build-server-earlier", "--idle-timeout", "3600"], in: project.path,
      environment: server.environment)
    defer { if earlier.process.isRunning { kill(earlier.pid, SIGKILL) } }
    #expect(earlier.waitForErrors(containing: "implicits build-server: serving at \(folder)/build-server-earlier"))
    #expect(FileManager.default.fileExists(atPath: folder + "/build-server-earlier.executable"))
    #expect(earlier.process.isRunning)

    let built = try server.run(["build", "--server"], in: project.path)
    #expect(built.status == 0, "\(built.errors)")
    // It ends by itself (exit 0), asked to stop; killed only as a safety net.
    let ended = earlier.finish(seconds: 120)
    #expect(earlier.process.terminationReason == .exit && ended.status == 0, "the earlier server still ran: \(ended.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/build-server-earlier"))
    #expect(try server.run(["build-server", "--status"], in: project.path).status == 0)
  }

  /// A crash of an analysis ends the server, not the build: the client
  /// builds again without it, where the crash fails its module alone.
  @Test func aCrashInTheServerFallsBackToWorkers() throws {
    let server = try ServerFolder()
    let project = try TemporaryDirectory()
    try project.write(
      "version: 1\nmodules:\n  - name: Good\n    sources: [Good]\n  - name: Crash\n    sources: [Crash]\n", to: "implicits.yaml")
    try project.write("import Implicits\npublic func fine() {}\n", to: "Good/Good.swift")
    try project.write("import Implicits\npublic func first() {}\n", to: "Crash/A.swift")
    let crashed = try server.run(["build", "--server", "--keep-going"], in: project.path, extra: ["IMPLICITS_TEST_CRASH_IN_MODULE": "Crash"])
    #expect(crashed.status == 1, "\(crashed.errors)")
    #expect(crashed.errors.contains("the build server stopped before the build ended"), "\(crashed.errors)")
    #expect(crashed.errors.contains("building without the build server"), "\(crashed.errors)")
    #expect(crashed.output.contains("error: The analysis of module 'Crash' crashed"), "\(crashed.output)")
    #expect(project.exists(".implicits/interfaces/Good.implicitinterface"))
  }
}

extension BuildServerTests {
  /// The server ends after it printed a module's warning (an analysis
  /// crashes after it): the build run again without the server finds that
  /// module up to date and replays its warning, which it does not print a
  /// second time.
  @Test func aBuildRunAgainWithoutTheServerPrintsNothingTwice() throws {
    let server = try ServerFolder()
    let project = try ShopProject.make()
    let built = try server.run(["build", "--server", "-j", "1"], in: project.path, extra: ["IMPLICITS_TEST_CRASH_IN_MODULE": "App"])
    #expect(built.status == 1, "\(built.errors)")
    #expect(built.errors.contains("building without the build server"), "\(built.errors)")
    #expect(built.output.components(separatedBy: "warning: Unused bag").count - 1 == 1, "\(built.output)")
    #expect(built.output.contains("error: The analysis of module 'App' crashed"), "\(built.output)")
  }
}

/// The same project twice, built through a build server in one folder and
/// without it in the other.
struct ProjectPair {
  let server: BuildServerTests.ServerFolder
  let served: TemporaryDirectory
  let plain: TemporaryDirectory
  let modules: [String]

  /// Builds both: the same exit status, diagnostics (JSON: one document,
  /// sorted; streamed ones come in the order modules finish, which two
  /// builds need not share), interfaces and support files. Returns the
  /// server's build. With `--keep-going`: without it, whether a module
  /// starts before another one's failure stops the build depends on which
  /// thread comes first.
  @discardableResult
  func compare(_ step: String) throws -> CommandLineTool.Result {
    let arguments = [
      "build", "-j", "2", "--keep-going", "--quiet", "--diagnostics-format", "json", "--server-idle-timeout", "120",
    ]
    let viaServer = try server.run(arguments + ["--server"], in: served.path)
    let without = try server.run(arguments, in: plain.path)
    #expect(viaServer.status == without.status, "\(step): \(viaServer.errors) / \(without.errors)")
    #expect(viaServer.output.replacingOccurrences(of: served.path, with: plain.path) == without.output, "\(step)")
    #expect(!viaServer.errors.contains("building without the build server"), "\(step): \(viaServer.errors)")
    for module in modules {
      for output in [".implicits/interfaces/\(module).implicitinterface", ".implicits/support/\(module).implicits.swift"] {
        let a = FileManager.default.contents(atPath: served.path + "/" + output)
        let b = FileManager.default.contents(atPath: plain.path + "/" + output)
        #expect(a == b, "\(step): \(output) differs")
      }
    }
    return viaServer
  }
}

/// Results of commands run on several threads.
final class LockedResults: @unchecked Sendable {
  private var results: [Int: CommandLineTool.Result] = [:]
  private let lock = NSLock()

  func set(_ index: Int, _ result: CommandLineTool.Result?) { lock.withLock { results[index] = result } }

  func get(_ index: Int) -> CommandLineTool.Result? { lock.withLock { results[index] } }
}
