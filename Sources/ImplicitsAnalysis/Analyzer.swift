import ImplicitsInterface

/// Analyzes one module: parses its files, builds its symbols and units,
/// propagates requirements to a fixed point, and produces diagnostics, the
/// module's interface and its support file.
public enum Analyzer {
  public static func analyze(_ request: AnalysisRequest) -> AnalysisResult {
    let files = request.sources
      .sorted { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
      .map { ParsedFile(path: $0.path, relativePath: $0.relativePath, text: $0.contents) }
    let syntaxErrors = files.flatMap { $0.syntaxDiagnostics() }
    if syntaxErrors.hasErrors {
      let interface = InterfaceContent(moduleName: request.moduleName)
      return AnalysisResult(
        diagnostics: syntaxErrors.sortedForOutput(), interface: interface,
        encodedInterface: InterfaceWriter.encoded(interface, upstream: []),
        supportFile: SupportFileGenerator.header(moduleName: request.moduleName), upstream: [])
    }

    let evaluator = ConditionEvaluator(conditions: Set(request.conditions))
    let symbols = ModuleSymbols(moduleName: request.moduleName)
    var bags: [Bag] = []
    let makeBag: (Bag.Kind, SourceLocation, String) -> Bag = { kind, location, name in
      let bag = Bag(id: bags.count, kind: kind, location: location, name: name)
      bags.append(bag)
      return bag
    }
    let collector = DeclarationCollector(symbols: symbols, evaluator: evaluator, makeBag: makeBag)
    collector.collectNames(files)
    let upstream = UpstreamModules(files: request.upstream)
    upstream.setImports(symbols.imports.filter { $0.module != request.moduleName })
    let resolver = TypeResolver(symbols: symbols, upstream: upstream)
    collector.collectMembers(files, resolver: resolver)

    let builder = BodyBuilder(
      symbols: symbols, resolver: resolver, collector: collector, evaluator: evaluator, makeBag: makeBag)
    builder.build(files: files)
    let solver = RequirementSolver(units: builder.allUnits)
    solver.solve()

    var diagnostics = syntaxErrors + collector.diagnostics + builder.diagnostics
    for (scope, keys) in solver.unresolvedScopes {
      let sorted = keys.keys.sorted()
      let names = sorted.map(\.description).joined(separator: ", ")
      let message = sorted.count == 1 ? "Unresolved requirement: \(names)" : "Unresolved requirements: \(names)"
      diagnostics.append(
        .error(message, at: scope.location, notes: sorted.flatMap { ChainNotes.notes(for: $0, witness: keys[$0]!) }))
    }
    for bag in bags where bag.reopenCount == 0 && !bag.isExplicit {
      diagnostics.append(
        .warning(
          "Unused bag: nothing reopens '\(bag.name)' with 'ImplicitScope(with: \(bag.name))'", at: bag.location))
    }
    diagnostics += privateKeysInBags(bags, symbols: symbols)

    let interface = InterfaceBuilder(symbols: symbols, resolver: resolver).build()
    let encoded = InterfaceWriter.encoded(interface, upstream: upstream.upstreamRecords)
    let support = SupportFileGenerator(
      moduleName: request.moduleName, symbols: symbols, bags: bags, enableExporting: request.enableExporting,
      resolver: resolver
    ).generate(fingerprint: encoded.fingerprint)
    return AnalysisResult(
      diagnostics: diagnostics.sortedForOutput(), interface: interface, encodedInterface: encoded, supportFile: support,
      upstream: upstream.upstreamRecords)
  }

  /// The support file names every key of a bag; a private type cannot be
  /// named from there.
  private static func privateKeysInBags(_ bags: [Bag], symbols: ModuleSymbols) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for bag in bags where bag.functionName != nil {
      for key in bag.keys.keys.sorted() where key.kind == .type {
        guard let type = symbols.types[key.spelling], type.isDeclaredHere, type.access <= .fileprivate else { continue }
        diagnostics.append(
          .error(
            "The bag captured here holds '\(key)', a \(type.access == .private ? "private" : "fileprivate") type that "
              + "the generated support file cannot name; make '\(key)' internal or use a named key",
            at: bag.location))
      }
    }
    return diagnostics
  }
}
