import SwiftSyntax

/// The declarations of one module kept from one analysis to the next (an
/// editor's session): when the files are the same ones and every file that
/// changed has the same skeleton (`DeclarationSkeleton`: it changed only
/// inside bodies), the declarations collected before serve again, their
/// tables also finding each changed file's new declaration nodes. They are
/// collected again when anything else changed: a file's declarations, the
/// set of files, the conditions, or an upstream interface.
///
/// It holds one collection of declarations, whose symbols keep the syntax
/// of the versions they were collected from, and the current version of
/// each file; its memory follows the module's size, not the number of
/// edits.
public final class DeclarationsCache: @unchecked Sendable {
  private struct Kept {
    var inputs: String
    var declarations: ModuleDeclarations
    /// The version of each file the tables find, by path, with its
    /// skeleton once made.
    var files: [String: ParsedFile]
    var skeletons: [String: DeclarationSkeleton] = [:]
    /// The nodes of those versions that are not the collected ones, by path.
    var aliases: [String: [SyntaxIdentifier]]
    var bindingAliases: [String: [SyntaxIdentifier]]
    /// The bodies built against them by the last analysis.
    var bodies: KeptBodies?
  }

  private var kept: Kept?
  private var upstreamVersion = ""
  /// How many analyses reused the declarations, and how many collected them
  /// (the benchmark and the tests read them).
  public private(set) var reuses = 0
  public private(set) var collections = 0
  /// How many files' bodies were taken as they were instead of built again.
  public private(set) var bodiesTaken = 0

  public init() {}

  /// Tells which upstream interfaces the next analyses see: declarations
  /// collected with other ones are not reused.
  public func use(upstream interfaces: [String: any UpstreamInterface]) {
    use(upstreamVersion: interfaces.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(ObjectIdentifier($0.value).hashValue)" }.joined(separator: ","))
  }

  /// The same, for a caller that knows when its upstream interfaces change
  /// (a build server, which keeps the interface objects of a module while
  /// their files stay the same): `version` changes when they do.
  public func use(upstreamVersion version: String) {
    upstreamVersion = version
  }

  /// The declarations of `files` for `request`: the kept ones when they
  /// serve, with the bodies last built against them, else collected (and
  /// kept).
  func declarations(of files: [ParsedFile], request: AnalysisRequest) -> (ModuleDeclarations, KeptBodies?) {
    let inputs = [request.moduleName, request.conditions.joined(separator: ","), "\(request.enableExporting)", "\(request.recordsResolutions)", upstreamVersion]
      .joined(separator: "\u{0}")
    if var reused = kept, reused.inputs == inputs, Set(files.map(\.path)) == Set(reused.files.keys),
      Self.update(&reused, to: files)
    {
      let bodies = reused.bodies
      reused.bodies = nil  // until the bodies built now are kept
      kept = reused
      reuses += 1
      return (reused.declarations, bodies)
    }
    kept = nil  // its trees go before the new ones are made
    let declarations = ModuleDeclarations(files, request: request)
    kept = Kept(
      inputs: inputs, declarations: declarations, files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) }),
      aliases: [:], bindingAliases: [:])
    collections += 1
    return (declarations, nil)
  }

  /// Keeps the bodies just built against the kept declarations.
  func keep(_ bodies: ModuleBodies) {
    bodiesTaken += bodies.filesTaken
    kept?.bodies = KeptBodies(
      files: Dictionary(uniqueKeysWithValues: bodies.files.compactMap { record in record.file.map { ($0.path, record) } }),
      functionUnits: bodies.functionUnits)
  }

  /// Points `kept`'s tables at the versions in `files`; false, with
  /// nothing changed, when a changed file's skeleton differs.
  private static func update(_ kept: inout Kept, to files: [ParsedFile]) -> Bool {
    var changes: [(file: ParsedFile, skeleton: DeclarationSkeleton, pairs: [(new: SyntaxIdentifier, old: SyntaxIdentifier)])] = []
    for file in files {
      guard let old = kept.files[file.path], old !== file else { continue }
      let skeleton = DeclarationSkeleton(of: file)
      guard old.relativePath == file.relativePath,
        let pairs = DeclarationSkeleton.pairs(
          new: file, skeleton, old: old, kept.skeletons[file.path] ?? DeclarationSkeleton(of: old))
      else { return false }
      changes.append((file, skeleton, pairs))
    }
    let table = kept.declarations.symbols.declarations
    for (file, skeleton, pairs) in changes {
      let added = table.alias(pairs)
      let bindings = pairs.filter { kept.declarations.storedBagBindings.contains($0.old) }.map(\.new)
      table.forget(kept.aliases[file.path] ?? [])
      kept.declarations.storedBagBindings.subtract(kept.bindingAliases[file.path] ?? [])
      kept.declarations.storedBagBindings.formUnion(bindings)
      kept.aliases[file.path] = added
      kept.bindingAliases[file.path] = bindings
      kept.files[file.path] = file
      kept.skeletons[file.path] = skeleton
    }
    if !changes.isEmpty { kept.declarations.walk.evaluator.forgetStatuses() }
    return true
  }
}
