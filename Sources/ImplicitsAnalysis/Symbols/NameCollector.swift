import ImplicitsInterface
import SwiftSyntax

/// Pass 1: the names of the module. Imports, types (top-level, nested, and
/// nested in extensions), typealiases and generic parameters, so that every
/// type name can be resolved before members are collected. Types declared
/// in function bodies are registered the same way, in the bodies stage's
/// own table, when the body is built.
final class NameCollector {
  let symbols: ModuleSymbols
  /// Where the names found are registered.
  let table: DeclarationTable
  let walk: DeclarationWalk

  init(symbols: ModuleSymbols, table: DeclarationTable, walk: DeclarationWalk) {
    self.symbols = symbols
    self.table = table
    self.walk = walk
  }

  // MARK: Imports, types, typealiases

  func collectDeclarations(_ files: [ParsedFile]) {
    for file in files {
      walk.forEach(DeclarationWalk.topLevelDecls(file), undecided: false) { decl, _ in
        if let importDecl = decl.as(ImportDeclSyntax.self) {
          collectImport(importDecl)
        } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
          collectTypealias(alias, owner: nil, file: file, ceiling: .open)
        } else if let nominal = NominalDecl(decl) {
          register(nominal, parent: nil, file: file, ceiling: .open, memberDefault: .internal, localDiscriminator: nil)
        }
      }
    }
  }

  private func collectImport(_ importDecl: ImportDeclSyntax) {
    guard let module = importDecl.path.first?.name.text else { return }
    let attributes = importDecl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
    let scoped = importDecl.importKindSpecifier != nil && importDecl.path.count > 1
    symbols.imports.append(
      ImportInfo(
        module: module, isTestable: attributes.contains("testable"), isExported: attributes.contains("_exported"),
        declarationName: scoped ? importDecl.path.last?.name.text : nil, declaration: importDecl.trimmedText))
  }

  private func collectTypealias(_ alias: TypeAliasDeclSyntax, owner: TypeSymbol?, file: ParsedFile, ceiling: Access) {
    let symbol = TypealiasSymbol(
      name: alias.name.text, target: alias.initializer.value, owner: owner,
      access: min(Access.from(alias.modifiers), ceiling), file: file,
      genericParameters: alias.genericParameterClause?.parameters.map(\.name.text) ?? [])
    table.typealiasesByDeclaration[alias.id] = symbol
    if let owner {
      owner.typealiases[symbol.name, default: []].append(symbol)
      table.lexicalTypeNames.insert(symbol.name)
    } else {
      symbols.typealiases[symbol.name, default: []].append(symbol)
    }
  }

  /// Registers a type declaration and the types nested in it.
  /// - Parameters:
  ///   - ceiling: the enclosing declarations' effective access.
  ///   - memberDefault: the access a member without a modifier has.
  ///   - localDiscriminator: for a type declared in a body, where.
  @discardableResult
  func register(
    _ nominal: NominalDecl, parent: TypeSymbol?, file: ParsedFile, ceiling: Access, memberDefault: Access,
    localDiscriminator: IdentityDiscriminator?
  ) -> TypeSymbol {
    let access = min(Access.from(nominal.modifiers, default: memberDefault), ceiling)
    let qualifiedName = (parent.map { $0.qualifiedName + "." } ?? "") + nominal.name
    let path = (parent?.path ?? symbols.moduleName) + "." + nominal.name
    var discriminator = parent?.semanticType.nominal?.discriminator ?? localDiscriminator
    if discriminator == nil { discriminator = access.discriminator(inFile: file.fileName) }
    let identity = SemanticType.nominal(
      SemanticType.Nominal(path: path, discriminator: discriminator, isModuleQualified: true))
    let type =
      table.typesByIdentity[identity.identity]
      ?? TypeSymbol(
        name: nominal.name, qualifiedName: qualifiedName, semanticType: identity, kind: nominal.kind, isDeclaredHere: true,
        isFinal: nominal.isFinal, access: access, privateFile: discriminator == nil ? nil : file.relativePath,
        isLocal: localDiscriminator != nil)
    type.kind = nominal.kind
    type.isDeclaredHere = true
    type.isFinal = nominal.isFinal
    type.access = access
    type.location = file.location(of: nominal.nameToken)
    type.parent = parent
    type.inheritanceClauses += nominal.inheritance?.inheritedTypes.map { ($0.type, file) } ?? []
    type.genericParameters.formUnion(nominal.genericParameters)
    table.lexicalTypeNames.formUnion(nominal.genericParameters)
    table.register(type)
    table.typesByDeclaration[nominal.decl.id] = type
    if let parent {
      if !(parent.nestedTypes[nominal.name] ?? []).contains(where: { $0 === type }) {
        parent.nestedTypes[nominal.name, default: []].append(type)
      }
      table.lexicalTypeNames.insert(nominal.name)
    } else if localDiscriminator != nil {
      table.lexicalTypeNames.insert(nominal.name)
    } else if type.privateFile != nil {
      symbols.fileTypes[file.relativePath, default: [:]][nominal.name] = type
    } else {
      symbols.moduleTypes[nominal.name] = type
    }
    collectMemberNames(nominal.members, of: type, file: file, ceiling: access, memberDefault: .internal)
    return type
  }

  private func collectMemberNames(
    _ members: MemberBlockItemListSyntax, of type: TypeSymbol, file: ParsedFile, ceiling: Access, memberDefault: Access
  ) {
    walk.forEachMember(members, undecided: false) { member, _ in
      if let nested = NominalDecl(member) {
        register(nested, parent: type, file: file, ceiling: ceiling, memberDefault: memberDefault, localDiscriminator: nil)
      } else if let alias = member.as(TypeAliasDeclSyntax.self) {
        collectTypealias(alias, owner: type, file: file, ceiling: ceiling)
      } else {
        collectGenericParameterNames(member)
      }
    }
  }

  /// Generic parameters of functions, initializers and subscripts are
  /// looked up lexically.
  func collectGenericParameterNames(_ decl: DeclSyntax) {
    let clause: GenericParameterClauseSyntax? =
      decl.as(FunctionDeclSyntax.self)?.genericParameterClause ?? decl.as(InitializerDeclSyntax.self)?.genericParameterClause
      ?? decl.as(SubscriptDeclSyntax.self)?.genericParameterClause
    for parameter in SyntaxFacts.elements(of: clause?.parameters) { table.lexicalTypeNames.insert(parameter.name.text) }
  }

  // MARK: Extensions

  /// Resolves every extension's type (a type of this module, of an
  /// upstream one, or one the analyzer does not know) and registers the
  /// types nested in it. Extensions of types nested in other extensions
  /// need those first: unresolved ones are retried while any progresses.
  func collectExtensions(_ files: [ParsedFile], resolver: TypeResolver) {
    var pending: [(ExtensionDeclSyntax, ParsedFile)] = []
    for file in files {
      walk.forEach(DeclarationWalk.topLevelDecls(file), undecided: false) { decl, _ in
        if let ext = decl.as(ExtensionDeclSyntax.self) { pending.append((ext, file)) }
        if decl.is(FunctionDeclSyntax.self) { collectGenericParameterNames(decl) }
      }
    }
    while !pending.isEmpty {
      var unresolved: [(ExtensionDeclSyntax, ParsedFile)] = []
      for (ext, file) in pending {
        if !collectExtension(ext, file: file, resolver: resolver, final: false) { unresolved.append((ext, file)) }
      }
      if unresolved.count == pending.count {
        for (ext, file) in unresolved { _ = collectExtension(ext, file: file, resolver: resolver, final: true) }
        break
      }
      pending = unresolved
    }
  }

  /// Returns false when the extended type is not known yet (and `final` is
  /// false).
  private func collectExtension(_ ext: ExtensionDeclSyntax, file: ParsedFile, resolver: TypeResolver, final: Bool) -> Bool {
    if SyntaxFacts.isImplicitsKeysExtension(ext) { return true }
    let extended = resolver.resolve(ext.extendedType, in: TypeContext(file: file, owner: nil, node: ext.extendedType))
    guard let identity = extended.lookupIdentity else { return true }
    let type: TypeSymbol
    if let existing = table.typesByIdentity[identity] {
      type = existing
    } else {
      guard final || !mayBeNestedInExtension(ext.extendedType) else { return false }
      let nominal = extended.nominal ?? SemanticType.Nominal(path: identity)
      let upstreamDecl = resolver.upstream.typeDeclaration(identity: identity)?.decl
      type = TypeSymbol(
        name: String(nominal.path.split(separator: ".").last ?? Substring(nominal.path)), qualifiedName: nominal.path,
        semanticType: .nominal(SemanticType.Nominal(path: nominal.path, isModuleQualified: nominal.isModuleQualified)),
        kind: upstreamDecl?.kind ?? .extension, isDeclaredHere: false, isFinal: upstreamDecl.map { $0.kind != .class || $0.isFinal } ?? true,
        access: .public, privateFile: nil, isLocal: false)
      if let superclass = upstreamDecl?.superclass {
        type.superclass = SemanticType.parse(superclass, moduleNames: resolver.moduleNames)
      }
      table.register(type)
    }
    table.typesByDeclaration[ext.id] = type
    type.inheritanceClauses += ext.inheritanceClause?.inheritedTypes.map { ($0.type, file) } ?? []
    let extensionAccess = Access.from(ext.modifiers, default: .internal)
    let ceiling: Access = type.isDeclaredHere ? min(type.access, extensionAccess) : extensionAccess
    collectMemberNames(ext.memberBlock.members, of: type, file: file, ceiling: ceiling, memberDefault: extensionAccess)
    return true
  }

  /// `extension A.B` where `B` may come from another extension of `A` not
  /// collected yet.
  private func mayBeNestedInExtension(_ type: TypeSyntax) -> Bool {
    guard let member = type.as(MemberTypeSyntax.self) else { return false }
    return table.lexicalTypeNames.contains(member.name.text) || member.baseType.is(MemberTypeSyntax.self)
  }
}
