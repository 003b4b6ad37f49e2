import SwiftSyntax

/// The declarations of one module kept from one analysis to the next
/// (`AnalysisSession`): when the files are the same ones and every file that
/// changed has the same skeleton (`DeclarationSkeleton`: it changed only
/// inside bodies), the declarations collected before serve again, read
/// through an overlay in which each changed file's new declaration nodes
/// stand for the collected ones (`DeclarationAliases`); the collected
/// tables stay as they were made. They are collected again when anything
/// else changed: a file's declarations, the set of files, the conditions,
/// or an upstream interface.
///
/// It holds one collection of declarations, whose symbols keep the syntax
/// of the versions they were collected from, and the current version of
/// each file; its memory follows the module's size, not the number of
/// edits.
final class DeclarationsCache {
  /// What the declarations were collected for, besides the files: they
  /// serve again only for the same.
  struct Inputs: Equatable {
    var moduleName: String
    var conditions: [String]
    var enableExporting: Bool
    var recordsResolutions: Bool
    /// Changes whenever an upstream interface the last analysis read is
    /// another one (`AnalysisSession`).
    var upstreamGeneration: Int
  }

  private struct Kept {
    var inputs: Inputs
    /// As collected: never changed.
    let declarations: ModuleDeclarations
    /// The version of each file last analyzed, by path, with its skeleton
    /// once made.
    var files: [String: ParsedFile]
    var skeletons: [String: DeclarationSkeleton] = [:]
    /// For each file whose last version is not the collected one, by
    /// path, the collected node each of its nodes stands for (those that
    /// declare something or bind a stored bag).
    var aliases: [String: [SyntaxIdentifier: SyntaxIdentifier]] = [:]
    /// The bodies built against them by the last analysis.
    var bodies: KeptBodies?
  }

  private var kept: Kept?
  /// How many analyses reused the declarations, and how many collected them.
  private(set) var reuses = 0
  private(set) var collections = 0
  /// How many files' bodies were taken as they were instead of built again.
  private(set) var bodiesTaken = 0

  /// The declarations of `files` for `request`: the kept ones when they
  /// serve, with the bodies last built against them, else collected (and
  /// kept).
  func declarations(
    of files: [ParsedFile], request: AnalysisRequest, upstreamGeneration: Int, upstreamNames: UpstreamNamesCache
  ) -> (ModuleDeclarations, KeptBodies?) {
    let inputs = Inputs(
      moduleName: request.moduleName, conditions: request.conditions, enableExporting: request.enableExporting,
      recordsResolutions: request.recordsResolutions, upstreamGeneration: upstreamGeneration)
    if var reused = kept, reused.inputs == inputs, Set(files.map(\.path)) == Set(reused.files.keys),
      Self.update(&reused, to: files)
    {
      let bodies = reused.bodies
      reused.bodies = nil  // until the bodies built now are kept
      kept = reused
      reuses += 1
      return (reused.declarations.overlaid(by: DeclarationAliases(reused.aliases.values)), bodies)
    }
    kept = nil  // its trees go before the new ones are made
    let declarations = ModuleDeclarations(files, request: request, upstreamNames: upstreamNames)
    kept = Kept(
      inputs: inputs, declarations: declarations, files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) }))
    collections += 1
    return (declarations, nil)
  }

  /// Keeps the bodies just built against the kept declarations.
  func keep(_ bodies: ModuleBodies) {
    bodiesTaken += bodies.filesTaken
    kept?.bodies = KeptBodies(
      files: Dictionary(uniqueKeysWithValues: bodies.files.compactMap { record in record.file.map { ($0.path, record) } }),
      functionUnits: bodies.functionUnits, upstreamAncestry: bodies.upstreamAncestry)
  }

  /// Points `kept`'s overlay at the versions in `files`; false, with
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
    let bindings = kept.declarations.storedBagBindings
    for (file, skeleton, pairs) in changes {
      let before = kept.aliases[file.path] ?? [:]
      var aliases: [SyntaxIdentifier: SyntaxIdentifier] = [:]
      for (new, old) in pairs {
        let collected = before[old] ?? old
        if table.finds(collected) || bindings.contains(collected) { aliases[new] = collected }
      }
      kept.aliases[file.path] = aliases
      kept.files[file.path] = file
      kept.skeletons[file.path] = skeleton
    }
    return true
  }
}
