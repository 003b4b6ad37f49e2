import ImplicitsInterface

/// Analyzes one module: parses its files, collects its names and members,
/// builds its units, propagates requirements to a fixed point, and produces
/// diagnostics, the module's interface and its support file.
public enum Analyzer {
  /// Runs on a thread with a deep stack (`NestingLimits`), whatever the
  /// caller's thread.
  public static func analyze(_ request: AnalysisRequest) -> AnalysisResult {
    LargeStackThread.run { analyzeOnThisThread(request) }
  }

  private static func analyzeOnThisThread(_ request: AnalysisRequest) -> AnalysisResult {
    let files = request.sources
      .sorted { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
      .map { source in
        request.progress?(.parsing, source.path)
        return ParsedFile(path: source.path, relativePath: source.relativePath, text: source.contents)
      }
    let syntaxErrors = files.flatMap { $0.syntaxDiagnostics() }
    if syntaxErrors.hasErrors {
      return AnalysisResult(
        diagnostics: syntaxErrors.sortedForOutput(),
        encodedInterface: InterfaceWriter.encoded(InterfaceContent(moduleName: request.moduleName), upstream: []),
        supportFile: SupportFileGenerator.header(moduleName: request.moduleName), upstream: [])
    }

    let evaluator = ConditionEvaluator(conditions: Set(request.conditions))
    let walk = DeclarationWalk(evaluator: evaluator)
    let symbols = ModuleSymbols(moduleName: request.moduleName)
    var bags: [Bag] = []
    let makeBag: (Bag.Kind, SourceLocation, String) -> Bag = { kind, location, name in
      let bag = Bag(id: bags.count, kind: kind, location: location, name: name)
      bags.append(bag)
      return bag
    }
    request.progress?(.collecting, request.sources.first?.path ?? "")
    let names = NameCollector(symbols: symbols, walk: walk)
    names.collectDeclarations(files)
    let upstream = UpstreamModules(files: request.upstream)
    upstream.setImports(symbols.imports.filter { $0.module != request.moduleName })
    let resolver = TypeResolver(symbols: symbols, upstream: upstream)
    names.collectExtensions(files, resolver: resolver)
    let collector = MemberCollector(
      symbols: symbols, resolver: resolver, walk: walk, enableExporting: request.enableExporting, makeBag: makeBag)
    collector.collect(files)

    let builder = BodyBuilder(
      symbols: symbols, resolver: resolver, collector: collector, names: names, evaluator: evaluator, makeBag: makeBag)
    // A function's unit names the function and the function its unit: the
    // cycle would keep every syntax tree of the module alive after the
    // analysis (memory growing with every module a process analyzes).
    defer { builder.breakReferenceCycles() }
    for file in files {
      request.progress?(.analyzingBodies, file.path)
      builder.build(files: [file])
    }
    builder.connectProtocolRequirements()
    let solver = RequirementSolver(units: builder.allUnits, keys: upstream.keys)
    solver.solve()

    let namer = KeyNamer(keys: keysMet(units: builder.allUnits, bags: bags, table: upstream.keys), moduleNames: resolver.moduleNames)
    var diagnostics = syntaxErrors + collector.diagnostics + builder.diagnostics
    diagnostics += builder.declaredImplicitsDiagnostics(namer: namer)
    diagnostics += builder.scopelessNestedCallDiagnostics(namer: namer)
    for (scope, keys) in solver.unresolvedScopes {
      let sorted = keys.keys.sorted { namer.name($0) < namer.name($1) }
      diagnostics.append(
        .unresolvedRequirement(
          sorted.map(namer.name), notes: sorted.flatMap { ChainNotes.notes(for: $0, witness: keys[$0]!, namer: namer) },
          at: scope.location))
    }
    for bag in bags where bag.reopenCount == 0 && !bag.isExplicit {
      diagnostics.append(.unusedBag(bag.name, at: bag.location))
    }
    let spelling = SupportSpelling(symbols: symbols, upstream: upstream, moduleNames: resolver.moduleNames)
    diagnostics += unnameableKeys(bags: bags, wrappers: symbols.closureWrappers.values, namer: namer, spelling: spelling)

    let interfaceBuilder = InterfaceBuilder(symbols: symbols, callResolver: builder.callResolver)
    let encoded = InterfaceWriter.encoded(interfaceBuilder.build(), upstream: upstream.upstreamRecords)
    let support = SupportFileGenerator(
      moduleName: request.moduleName, symbols: symbols, bags: bags, enableExporting: request.enableExporting,
      callResolver: builder.callResolver, spelling: spelling
    ).generate(fingerprint: encoded.fingerprint)
    return AnalysisResult(
      diagnostics: diagnostics.sortedForOutput(), encodedInterface: encoded, supportFile: support,
      upstream: upstream.upstreamRecords, chains: interfaceBuilder.chains(namer: namer))
  }

  /// Every key the module's code meets, for naming them in diagnostics.
  private static func keysMet(units: [Unit], bags: [Bag], table: KeyTable) -> Set<ImplicitKeyRef> {
    var keys = Set<ImplicitKeyRef>()
    func visit(_ events: [Event]) {
      for event in events {
        switch event {
        case .read(let key, _, _), .provide(let key, _): keys.insert(key)
        case .call(let call):
          if case .upstream(let function) = call.target { keys.formUnion(function.requirements.lazy.map { table[$0] }) }
        case .scope(let scope): visit(scope.events)
        case .capture, .provideAnything: break
        }
      }
    }
    for unit in units {
      visit(unit.events)
      keys.formUnion(unit.requirements.keys)
    }
    for bag in bags { keys.formUnion(bag.keys.keys) }
    return keys
  }

  /// The support file names every key of a bag and a closure wrapper; a
  /// file-private or local type, a file-private named key, or a type
  /// shadowed both unqualified and qualified, cannot be named from there.
  private static func unnameableKeys(
    bags: [Bag], wrappers: some Sequence<ClosureWrapper>, namer: KeyNamer, spelling: SupportSpelling
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    func check(_ keys: some Sequence<ImplicitKeyRef>, at location: SourceLocation, what: Diagnostic.UnnameableKeyHolder) {
      for key in keys.sorted(by: { namer.name($0) < namer.name($1) }) where spelling.spell(key) == nil {
        let reason: Diagnostic.UnnameableKeyReason
        if IdentityDiscriminator.all(in: key.spelling).contains(where: \.isLocal) {
          reason = .local
        } else if !key.isNameable {
          reason = .filePrivate
        } else {
          reason = .shadowed
        }
        diagnostics.append(.unnameableKey(namer.name(key), heldBy: what, because: reason, at: location))
      }
    }
    for bag in bags where bag.functionName != nil {
      check(bag.keys.keys, at: bag.location, what: .bag)
    }
    for wrapper in wrappers {
      check(wrapper.unit.requirements.keys, at: wrapper.location, what: .closureWrapper(wrapper.name))
    }
    return diagnostics
  }
}
