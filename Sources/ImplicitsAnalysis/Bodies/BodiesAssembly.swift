/// The bodies of a module's files kept from one analysis to the next (an
/// editor's session, with the declarations they were built against:
/// `DeclarationsCache`), and the units of its functions.
struct KeptBodies {
  var files: [String: FileBodies]
  var functionUnits: FunctionUnits
  /// Found by the walk of the same declarations: it serves again, whether
  /// the files' records do or not.
  var upstreamAncestry: UpstreamAncestry?
}

/// The bodies stage as a whole: every file walked in order (or, when the
/// declarations were reused, the records of the files that did not change
/// taken as they are), then the checks over the whole module, then one
/// `ModuleBodies` assembled from the files' records.
///
/// Taking a file's record instead of walking it gives what the walk would
/// give: with the same declarations, a walk reads of the other files only
/// the closure wrappers' names and which units exist, and the units of
/// functions are the same objects from one analysis to the next (made again
/// when met, with the events of their bodies). The assembled `UnitGraph`
/// numbers units in the order the files meet them, which is the order a
/// walk of every file makes them in. Files that declare types, typealiases
/// or generic functions in bodies (seen by the other files' overrides and
/// conformances) and a changed file whose closure wrappers changed make the
/// stage walk every file again.
extension BodiesStage {
  static func build(
    _ declarations: ModuleDeclarations, _ files: [ParsedFile], reusing kept: KeptBodies?,
    progress: ((ParsedFile) -> Void)? = nil
  ) -> ModuleBodies {
    let ancestry = kept?.upstreamAncestry
    if let kept,
      let bodies = BodiesStage(declarations, units: kept.functionUnits, upstreamAncestry: ancestry).build(
        files, reusing: kept.files, progress: progress)
    {
      return bodies
    }
    return BodiesStage(declarations, upstreamAncestry: ancestry).build(files, reusing: nil, progress: progress)!
  }

  /// Nil when a kept record cannot stand for its file's walk.
  private func build(_ parsedFiles: [ParsedFile], reusing kept: [String: FileBodies]?, progress: ((ParsedFile) -> Void)?)
    -> ModuleBodies?
  {
    if let kept {
      guard kept.count == parsedFiles.count, !kept.values.contains(where: \.declaresLocalTypes) else { return nil }
    }
    for parsed in parsedFiles {
      if let record = kept?[parsed.path], record.file === parsed {
        take(record)
        continue
      }
      progress?(parsed)
      let record = FileBodyWalker(stage: self, file: parsed).walked()
      files.append(record)
      if let kept {
        guard let before = kept[parsed.path], !record.declaresLocalTypes,
          before.closureWrappers.elementsEqual(record.closureWrappers, by: { $0.name == $1.name && $0.location == $1.location })
        else { return nil }
      }
    }
    var graph = UnitGraph(files)
    graph = addingOverridesDeclaredLater(to: graph)
    graph = connectingProtocolRequirements(in: graph)
    let contracts = declaredContracts()
    let inPlace = solveInPlaceFacts()
    let overrides = overrideUnits()
    recordOverrides()
    return assemble(graph.extended(by: checks), contracts: contracts, inPlace: inPlace, overrides: overrides)
  }

  /// For each overridable method without declared implicits, the units of
  /// its overrides in the module: a call from another module may run any
  /// of them, so its interface record requires what they all do.
  private func overrideUnits() -> [ObjectIdentifier: [Unit]] {
    var found: [ObjectIdentifier: [Unit]] = [:]
    for function in declarations.functions
    where function.isDispatched && !function.isProtocolRequirement && function.isScopeTaking && function.declaredImplicits == nil {
      let units = overridesInModule(of: function).compactMap { unit(for: $0) }
      if !units.isEmpty { found[ObjectIdentifier(function)] = units }
    }
    return found
  }

  /// Takes a file's record as its walk would make it.
  private func take(_ record: FileBodies) {
    for unit in record.met { known.insert(unit.id) }
    for wrapper in record.closureWrappers where closureWrappers[wrapper.name] == nil { closureWrappers[wrapper.name] = wrapper }
    files.append(record)
    filesTaken += 1
  }

  private func assemble(
    _ graph: UnitGraph, contracts: [DeclaredContract], inPlace: InPlaceFacts, overrides: [ObjectIdentifier: [Unit]]
  ) -> ModuleBodies {
    let records = files + [checks]
    return ModuleBodies(
      graph: graph, functionUnits: functionUnits.filter { graph.number(of: $0) != nil },
      bags: storedBags + records.flatMap(\.bags),
      reopenedBags: Set(records.flatMap(\.reopenedBags).map(ObjectIdentifier.init)),
      closureWrappers: records.flatMap(\.closureWrappers).sorted { $0.name < $1.name }, contracts: contracts,
      scopelessNestedCalls: records.flatMap(\.scopelessNestedCalls), diagnostics: records.flatMap(\.diagnostics),
      files: files, filesTaken: filesTaken, inPlace: inPlace, overrides: overrides,
      overridePairs: records.flatMap(\.overridePairs), upstreamAncestry: upstreamAncestry)
  }
}
