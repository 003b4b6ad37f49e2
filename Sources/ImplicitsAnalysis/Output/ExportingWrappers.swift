/// Explicit-argument wrappers for public scope-taking functions
/// (`--enable-exporting`). Filled in with the interface work.
struct ExportingWrappers {
  let symbols: ModuleSymbols

  func generate() -> String { "" }
}
