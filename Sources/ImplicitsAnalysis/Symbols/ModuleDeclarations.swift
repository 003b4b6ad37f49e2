import SwiftSyntax

/// What the names and members passes make of a module, with the upstream
/// interfaces it imports: its symbols, the resolver over them, its stored
/// bags, the types its interface records, and the diagnostics about
/// declarations. The later stages read it and change none of its tables
/// (their look-ups only fill the caches of the resolvers and of the
/// upstream interfaces, and resolve typealiases once).
struct ModuleDeclarations {
  let symbols: ModuleSymbols
  let upstream: UpstreamModules
  /// Finds the declarations by the nodes of the files analyzed, when they
  /// are later versions of those collected (`overlaid(by:)`).
  private(set) var resolver: TypeResolver
  let walk: DeclarationWalk
  let enableExporting: Bool
  /// Whether the bodies stage records its resolutions (`ResolutionLog`).
  let recordsResolutions: Bool
  /// Stored bags, in the order found.
  let storedBags: [Bag]
  /// Their bindings (whose initial value is no unit), those of later
  /// versions of a file among them (`overlaid(by:)`).
  private(set) var storedBagBindings: Set<SyntaxIdentifier>
  let exportedTypes: ExportedTypes
  let diagnostics: [Diagnostic]

  /// Collects the declarations of `files` (parsed, sorted): names and
  /// imports, then the upstream modules' names, then extensions, then
  /// members.
  init(_ files: [ParsedFile], request: AnalysisRequest, upstreamNames: UpstreamNamesCache? = nil) {
    let walk = DeclarationWalk(evaluator: ConditionEvaluator(conditions: Set(request.conditions)))
    let symbols = ModuleSymbols(moduleName: request.moduleName)
    let names = NameCollector(symbols: symbols, table: symbols.declarations, walk: walk)
    names.collectDeclarations(files)
    let upstream = UpstreamModules(files: request.upstream)
    upstream.setImports(symbols.imports.filter { $0.module != request.moduleName }, cache: upstreamNames)
    let resolver = TypeResolver(symbols: symbols, upstream: upstream)
    names.collectExtensions(files, resolver: resolver)
    let members = MemberCollector(
      symbols: symbols, table: symbols.declarations, resolver: resolver, walk: walk,
      enableExporting: request.enableExporting)
    members.collect(files)
    let aliasErrors = NamedKeyAliases.link(symbols)
    self.symbols = symbols
    self.upstream = upstream
    self.resolver = resolver
    self.walk = walk
    enableExporting = request.enableExporting
    recordsResolutions = request.recordsResolutions
    storedBags = members.storedBags
    storedBagBindings = members.storedBagBindings
    exportedTypes = ExportedTypes(symbols: symbols, typing: CallResolver(resolver: resolver))
    diagnostics = members.diagnostics + aliasErrors
  }

  /// The same declarations read through `aliases`: later versions of the
  /// files they were collected from (`DeclarationsCache`), whose nodes
  /// find what the collected ones do. The tables stay as collected.
  func overlaid(by aliases: DeclarationAliases) -> ModuleDeclarations {
    var overlaid = self
    overlaid.resolver = resolver.seeing(aliases)
    overlaid.storedBagBindings.formUnion(aliases.nodes(standingFor: storedBagBindings))
    return overlaid
  }
}
