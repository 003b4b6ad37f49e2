import ImplicitsInterface
import SwiftSyntax

/// Collects what the module exports into its interface content.
struct InterfaceBuilder {
  let symbols: ModuleSymbols
  let resolver: TypeResolver

  func build() -> InterfaceContent {
    var content = InterfaceContent(moduleName: symbols.moduleName)
    content.reexports = symbols.imports.filter(\.isExported).map(\.module)
    content.namedKeys = symbols.namedKeys.values.compactMap { key in
      key.access.visibility.map { NamedKeyDecl(name: key.name, valueType: key.valueType, visibility: $0) }
    }
    content.typealiases = symbols.typealiases.values.compactMap { alias in
      guard alias.genericParameters.isEmpty, let visibility = alias.access.visibility else { return nil }
      return TypealiasDecl(
        qualifiedName: alias.qualifiedName, target: resolver.canonical(alias.target, in: alias.context),
        visibility: visibility)
    }
    content.types = symbols.types.values.compactMap(typeDecl)
    content.functions = functions()
    return content.normalized()
  }

  private func typeDecl(_ type: TypeSymbol) -> TypeDecl? {
    guard let visibility = type.access.visibility else { return nil }
    let properties = type.properties.values.compactMap { property -> PropertyDecl? in
      guard let propertyType = property.type, let propertyVisibility = property.access.visibility else { return nil }
      return PropertyDecl(
        name: property.name, type: propertyType, isStatic: property.isStatic,
        visibility: max(propertyVisibility, visibility))
    }
    let conformances = type.inheritedNames.compactMap { written -> String? in
      guard let parsed = TypeParsing.parseType(written) else { return nil }
      let parent = type.qualifiedName.split(separator: ".").dropLast().joined(separator: ".")
      let name = resolver.canonical(parsed, in: parent.isEmpty ? nil : parent)
      return name == type.superclass ? nil : name
    }
    if !type.isDeclaredHere && properties.isEmpty && conformances.isEmpty { return nil }
    return TypeDecl(
      qualifiedName: type.qualifiedName, kind: type.isDeclaredHere ? type.kind : .extension, visibility: visibility,
      isFinal: type.isFinal, superclass: type.superclass, conformances: conformances, properties: properties)
  }

  private func functions() -> [FunctionDecl] {
    var byKey: [String: FunctionDecl] = [:]
    for symbol in symbols.allFunctions where symbol.isScopeTaking && !symbol.isProtocolRequirement {
      guard var visibility = symbol.access.visibility else { continue }
      if let owner = symbol.owner {
        guard let ownerVisibility = owner.access.visibility else { continue }
        visibility = max(visibility, ownerVisibility)
      }
      let requirements = symbol.unit.map { Array($0.requirements.keys) } ?? []
      let decl = FunctionDecl(
        owner: symbol.ownerName, baseName: symbol.baseName, kind: symbol.kind, isStatic: symbol.isStatic,
        parameters: symbol.parameters, visibility: visibility, requirements: requirements,
        file: symbol.file.relativePath)
      if var existing = byKey[decl.sortKey] {
        // One signature in several undecided #if branches: one record.
        existing.requirements = Array(Set(existing.requirements + decl.requirements))
        existing.visibility = min(existing.visibility, decl.visibility)
        byKey[decl.sortKey] = existing
      } else {
        byKey[decl.sortKey] = decl
      }
    }
    return Array(byKey.values)
  }
}
