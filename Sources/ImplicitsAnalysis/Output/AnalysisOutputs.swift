import ImplicitsInterface

/// The outputs stage: every diagnostic (each stage's, and those of the
/// rules checked once requirements are solved), the module's interface,
/// its support file and the call chains behind its functions'
/// requirements, made from the values the earlier stages returned.
enum AnalysisOutputs {
  static func result(
    _ declarations: ModuleDeclarations, _ bodies: ModuleBodies, _ solved: SolvedRequirements,
    syntaxDiagnostics: [Diagnostic], indexing: Bool = false, makingFiles: Bool = true,
    interfaceMade: ((MadeInterface) -> Void)? = nil
  ) -> AnalysisResult {
    let symbols = declarations.symbols
    let upstream = declarations.upstream
    let moduleNames = declarations.resolver.moduleNames
    let namer = KeyNamer(meeting: bodies, solved, table: upstream.keys, moduleNames: moduleNames)
    let spelling = SupportSpelling(symbols: symbols, upstream: upstream, moduleNames: moduleNames)
    let diagnostics = syntaxDiagnostics + declarations.diagnostics + bodies.diagnostics
      + SolvedRules(namer: namer, spelling: spelling).diagnostics(of: bodies, solved)
    let index = indexing ? CodeIndexBuilder(namer: namer, table: upstream.keys).index(bodies, solved) : CodeIndex()
    guard makingFiles else {
      var result = withoutFiles(diagnostics, moduleName: symbols.moduleName)
      result.index = index
      return result
    }

    let interface = InterfaceBuilder(
      symbols: symbols, exportedTypes: declarations.exportedTypes, units: bodies.functionUnits, solved: solved,
      inPlace: bodies.inPlace, resolver: declarations.resolver, overrides: bodies.overrides)
    let encoded = InterfaceWriter.encoded(interface.build(), upstream: upstream.upstreamRecords)
    let sorted = diagnostics.sortedForOutput()
    interfaceMade?(MadeInterface(diagnostics: sorted, encodedInterface: encoded, upstream: upstream.files))
    let exporting = declarations.enableExporting
      ? ExportingWrappers(
        symbols: symbols, upstream: upstream, units: bodies.functionUnits, solved: solved, spelling: spelling) : nil
    let support = SupportFileGenerator(
      moduleName: symbols.moduleName, imports: symbols.imports, bags: bodies.bags, solved: solved, closureWrappers: bodies.closureWrappers,
      exportingWrappers: exporting, spelling: spelling
    ).generate(fingerprint: encoded.fingerprint)
    var result = AnalysisResult(
      diagnostics: sorted, encodedInterface: encoded, supportFile: support,
      upstream: upstream.upstreamRecords, chains: interface.chains(namer: namer), index: index)
    if declarations.recordsResolutions { result.resolutions = resolutionLog(symbols, bodies, interface) }
    return result
  }

  /// The bodies' records of calls and closures, and where each function of
  /// the interface is declared.
  private static func resolutionLog(
    _ symbols: ModuleSymbols, _ bodies: ModuleBodies, _ interface: InterfaceBuilder
  ) -> ResolutionLog {
    var log = ResolutionLog()
    log.calls = bodies.files.flatMap(\.resolvedCalls)
    log.closures = bodies.files.flatMap(\.closureVerdicts)
    log.overrides = bodies.overridePairs
    log.declarations = symbols.declarations.functions.filter { !$0.isLocal }.map { symbol in
      ResolutionLog.Declaration(
        key: interface.overloadKey(of: symbol), file: symbol.file.path,
        end: FileBodyWalker.lastTokenOffset(of: symbol.declaration))
    }
    return log
  }

  /// `diagnostics` with an empty interface and a support file with nothing
  /// but its header: what a module whose files do not parse gives, and an
  /// analysis asked for its diagnostics only.
  static func withoutFiles(_ diagnostics: [Diagnostic], moduleName: String) -> AnalysisResult {
    AnalysisResult(
      diagnostics: diagnostics.sortedForOutput(),
      encodedInterface: InterfaceWriter.encoded(InterfaceContent(moduleName: moduleName), upstream: []),
      supportFile: SupportFileGenerator.header(moduleName: moduleName), upstream: [])
  }
}
