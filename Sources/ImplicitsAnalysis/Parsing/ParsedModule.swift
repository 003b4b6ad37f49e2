/// The parse stage: a module's files, sorted by their path relative to the
/// sources root (so that the command-line order does not matter), parsed,
/// with the parser's diagnostics.
struct ParsedModule {
  let files: [ParsedFile]
  let syntaxDiagnostics: [Diagnostic]

  init(_ request: AnalysisRequest, cache: ParseCache? = nil) {
    files = request.sources
      .sorted { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
      .map { source in
        request.progress?(.parsing, source.path)
        return cache?.parsed(source)
          ?? ParsedFile(path: source.path, relativePath: source.relativePath, text: source.contents)
      }
    cache?.keep(only: Set(request.sources.map(\.path)))
    syntaxDiagnostics = files.flatMap { $0.syntaxDiagnostics() }
  }
}
