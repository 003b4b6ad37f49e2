import ArgumentParser
import ImplicitsBuild
import ImplicitsBuildServer
import ImplicitsToolSupport

/// `implicits build-server`: keeps analyses in memory between the builds
/// of `implicits build --server`, which starts it.
struct BuildServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build-server",
    abstract: "Keep each module's analysis in memory between builds of 'implicits build --server'.",
    discussion: """
      'implicits build --server' starts the server when none runs; run this command yourself to stop it, to see what \
      it keeps, or to run it in the foreground. One server per user and per build of the tool.
      """)

  static let defaultIdleTimeout = 3 * 3600

  @Flag(help: "End the running server (after the build it runs, if any).")
  var stop = false

  @Flag(help: "Say what the running server keeps.")
  var status = false

  @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("End after this many seconds without a build.", valueName: "seconds"))
  var idleTimeout = BuildServerCommand.defaultIdleTimeout

  @Option(help: .hidden) var socket: String?

  @Flag(help: .hidden) var detached = false

  func validate() throws {
    if stop && status { throw ValidationError("--stop and --status cannot be used together") }
    if idleTimeout < 1 { throw ValidationError("--idle-timeout takes a number of seconds, 1 or more") }
  }

  func run() throws {
    guard let executable = ToolExecutable.running else {
      throw ValidationError("cannot find the implicits executable that runs")
    }
    if stop || status {
      switch BuildServerClient.ask(stop ? .stop : .status, executable: executable, output: { Console.output($0) }) {
      case .answered:
        if stop { Console.error("implicits: the build server stopped") }
      case .noServer:
        Console.error("implicits: no build server runs")
        if status { throw ExitStatus.failure }
      case .failed(let why):
        Console.error("implicits: \(why)")
        throw ExitStatus.failure
      }
      return
    }
    if detached { BuildServer.detachFromTerminal() }
    let status = BuildServer.serve(
      socketPath: socket ?? BuildServer.socketPath(forExecutable: executable), executable: executable,
      idleSeconds: Double(idleTimeout),
      log: { Console.error($0) })
    try status.orThrow()
  }
}
