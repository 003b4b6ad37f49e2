import ImplicitsInterface
import SwiftSyntax

/// Types, functions and typealiases declared in bodies: visible in their
/// whole block, so registered before its statements are walked.
extension BodyBuilder {
  /// Types and functions declared in a block are visible in the whole
  /// block: they are registered before its statements are walked.
  func declareLocals(_ items: [CodeBlockItemSyntax]) {
    for item in items {
      guard let decl = item.item.as(DeclSyntax.self) else { continue }
      if let nominal = NominalDecl(decl) {
        declareLocalType(nominal)
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        declareLocalFunction(function)
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        let symbol = TypealiasSymbol(
          name: alias.name.text, target: alias.initializer.value, owner: state.owner, access: .private, file: file,
          genericParameters: alias.genericParameterClause?.parameters.map(\.name.text) ?? [])
        symbols.typealiasesByDeclaration[alias.id] = symbol
        symbols.lexicalTypeNames.insert(symbol.name)
      }
    }
  }

  func declareLocalType(_ nominal: NominalDecl) {
    let place = "'\(state.unit.displayName)' in \(file.fileName)"
    let count = (localTypeCounts[place + "/" + nominal.name] ?? 0) + 1
    localTypeCounts[place + "/" + nominal.name] = count
    let discriminator = "local in \(place)" + (count > 1 ? " #\(count)" : "")
    let type = names.register(
      nominal, parent: nil, file: file, ceiling: .private, memberDefault: .private, localDiscriminator: discriminator)
    environment.current.names[nominal.name] = .type(type)
    var all: [TypeSymbol] = [type]
    var index = 0
    while index < all.count {
      for members in all[index].nestedTypes.values { all += members }
      index += 1
    }
    collector.localTypes = localType
    for member in all { collector.resolveInheritance(of: member) }
    collector.collectMembers(nominal.members, of: type, file: file, undecided: state.region != nil, isProtocol: false, isLocal: true)
    collector.localTypes = nil
    StoredMembers(collector: collector).checkInitializers(of: type)
    // Its members' bodies are units of their own: a local type cannot
    // capture the values around it, only name the types around it.
    let saved = environment
    let types = Frame(startsUnit: true, region: state.region)
    for frame in saved.frames {
      for (name, local) in frame.names { if case .type = local { types.names[name] = local } }
    }
    environment = LexicalEnvironment(frames: [types])
    walkDecls(nominal.members.map(\.decl), owner: type, undecided: state.region != nil)
    environment = saved
    diagnostics += collector.diagnostics
    collector.diagnostics.removeAll()
  }

  func declareLocalFunction(_ function: FunctionDeclSyntax) {
    let (parameters, types, scopeIndex) = FunctionDecl.Parameter.list(
      function.signature.parameterClause.parameters, isSubscript: false)
    if scopeIndex != nil {
      collector.checkScopeParameters(function.signature.parameterClause.parameters, file: file)
      diagnostics += collector.diagnostics
      collector.diagnostics.removeAll()
    }
    let symbol = FunctionSymbol(
      baseName: function.name.text, kind: .function, isStatic: false, parameters: parameters, parameterTypes: types,
      access: .private, owner: nil, location: file.location(of: function.name), file: file,
      scopeParameterIndex: scopeIndex, declaration: DeclSyntax(function), isInUndecidedCode: state.region != nil,
      isProtocolRequirement: false, isLocal: true, isFailable: false,
      genericParameters: function.genericParameterClause?.parameters.map(\.name.text) ?? [], isSPI: false)
    if let returnType = function.signature.returnClause?.type {
      let resolved = resolver.resolve(returnType, in: typeContext(at: returnType))
      if resolved != .void { symbol.returnType = resolved }
    }
    names.collectGenericParameterNames(DeclSyntax(function))
    localFunctions[function.id] = symbol
    localFunctionNames.insert(function.name.text)
    environment.current.names[function.name.text] = .function(symbol)
  }

  /// Builds a local function's body where it is declared: it may use the
  /// values declared before it.
  func walkLocalFunction(_ function: FunctionDeclSyntax) {
    guard let body = function.body, let symbol = localFunctions[function.id] else { return }
    let unit = unit(for: symbol) ?? makeUnit(kind: .function(symbol), name: symbol.displayName, hasScopeParameter: false)
    symbol.unit = unit
    withUnit(unit, owner: state.owner, isStatic: state.isStatic, returnType: symbol.returnType) {
      bindParameters(of: symbol, owner: state.owner)
      walkBlock(body.statements)
    }
  }
}
