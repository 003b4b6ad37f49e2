import ArgumentParser
import ImplicitsLanguageServer

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

  func run() throws {
    let status = LanguageServer.serve()
    if status != 0 { throw ExitCode(status) }
  }
}
