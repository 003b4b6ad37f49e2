import ArgumentParser
import ImplicitsLanguageServer
import ImplicitsToolSupport

/// `implicits lsp`: the language server, over standard input and output.
struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server (LSP 3.17) over standard input and output.",
    discussion: """
      Editors start it beside SourceKit-LSP for Swift files: it publishes the analyzer's diagnostics while code is \
      typed, shows what functions require and scopes provide on hover, and offers to add a missing provide. \
      See docs/editors.md.
      """)

  @Flag(
    help: ArgumentHelp(
      "Serve in this process (as the supervisor's child): no process starts the server again after a crash.",
      visibility: .hidden))
  var inProcess = false

  func run() throws {
    let status: ExitStatus
    if inProcess {
      status = LanguageServer.serve(supervised: true)
    } else if let executable = ToolExecutable.running {
      status = ServerSupervisor.serve(executable: executable)
    } else {
      status = LanguageServer.serve(supervised: false)
    }
    try status.orThrow()
  }
}
