import ImplicitsTestSupport
import Testing
@testable import ImplicitsInterface

@Suite("Lazy lookups through the indexes")
struct LookupTests {
  let content = Fixtures.richContent().normalized()
  let file: InterfaceFile

  init() throws {
    file = try Fixtures.load(Fixtures.encode(Fixtures.richContent()))
  }

  @Test("functions(owner:baseName:) returns exactly the overloads of that owner and name")
  func functions() {
    let groups = Set(content.functions.map { [$0.owner ?? "\u{0}", $0.baseName] })
    #expect(groups.count == 7)
    for group in groups {
      let owner = group[0] == "\u{0}" ? nil : group[0]
      let expected = content.functions.filter { $0.owner == owner && $0.baseName == group[1] }
      #expect(file.functions(owner: owner, baseName: group[1]) == expected, "\(group)")
    }
    let loads = file.functions(owner: "Catalog.Feed", baseName: "load")
    #expect(loads.count == 3)
    #expect(loads.allSatisfy { $0.owner == "Catalog.Feed" && $0.baseName == "load" })
    #expect(Set(loads.map(\.signature)) == ["load(id:_:limit:scope:)", "load(_:)"])
    #expect(loads.filter(\.isStatic).count == 1)
  }

  @Test("scopeTakingBaseNames() names exactly the base names with a scope-taking record, read without decoding them")
  func scopeTakingBaseNames() {
    let expected = Set(content.functions.filter(\.isScopeTaking).map(\.baseName))
    #expect(!expected.isEmpty)
    #expect(content.functions.contains { !$0.isScopeTaking }, "the fixture has functions that take no scope")
    #expect(file.scopeTakingBaseNames() == expected)
  }

  @Test("recordNames() lists every name the file holds records under, once, without decoding records")
  func recordNames() {
    let names = file.recordNames()
    let lists = [
      (names.types, content.types.map(\.qualifiedName)), (names.functions, content.functions.map(\.lookupKey)),
      (names.namedKeys, content.namedKeys.map(\.name)), (names.typealiases, content.typealiases.map(\.qualifiedName)),
    ]
    for (listed, expected) in lists {
      #expect(Set(listed) == Set(expected))
      #expect(listed.count == Set(listed).count, "each name once: \(listed)")
    }
    #expect(names.functions.contains("Catalog.Feed\nload"))
    #expect(names.functions.contains("\nload"))
    #expect(names.functions.count == 7)
  }

  @Test("free functions are looked up with owner nil, and only them")
  func freeFunctions() {
    let free = file.functions(owner: nil, baseName: "load")
    #expect(free.count == 1)
    #expect(free.first?.owner == nil)
    #expect(free.first?.signature == "load(from:_:)")
    #expect(file.functions(owner: nil, baseName: "größe").first?.requirements == [.type("Catalog.Émoji😀"), .named("größe")])
    // A member is not a free function, and the other way round.
    #expect(file.functions(owner: nil, baseName: "loadAll").isEmpty)
  }

  @Test("initializers and subscripts")
  func specialNames() {
    let inits = file.functions(owner: "Catalog.Feed", baseName: "init")
    #expect(inits.map(\.kind) == [.initializer, .initializer])
    #expect(Set(inits.map(\.signature)) == ["init(scope:page:)", "init(id:)"])
    #expect(inits.filter(\.isFailable).map(\.signature) == ["init(id:)"])
    #expect(file.functions(owner: nil, baseName: "makeFeed").first?.returnType == "Catalog.Feed")
    let subscripts = file.functions(owner: "Catalog.Store", baseName: "subscript")
    #expect(subscripts.map(\.kind) == [.subscript])
    #expect(subscripts.first?.requirements == [.type("Swift.Array<Swift.Int>")])
  }

  @Test("unknown owners and names give nothing")
  func unknownFunctions() {
    #expect(file.functions(owner: "Catalog.Feed", baseName: "lo").isEmpty)
    #expect(file.functions(owner: "Catalog.Feed", baseName: "loadAllX").isEmpty)
    #expect(file.functions(owner: "Catalog.Feed", baseName: "Load").isEmpty)
    #expect(file.functions(owner: "Catalog.Fee", baseName: "load").isEmpty)
    #expect(file.functions(owner: "Catalog.Store", baseName: "load").isEmpty)
    #expect(file.functions(owner: "Catalog.Feed\nload", baseName: "").isEmpty)
    #expect(file.functions(owner: "", baseName: "").isEmpty)
    #expect(file.functions(owner: "Zzz", baseName: "zzz").isEmpty)
    #expect(file.functions(owner: "\u{0}", baseName: "\u{0}").isEmpty)
  }

  @Test("type(named:)")
  func types() {
    for type in content.types {
      #expect(file.type(named: type.qualifiedName) == type, "\(type.qualifiedName)")
    }
    #expect(file.type(named: "Catalog.Network")?.superclass == "Foundation.NSObject")
    #expect(file.type(named: "Catalog.Feed")?.properties.map(\.name) == ["cache", "network", "shared"])
    #expect(file.type(named: "Catalog.Émoji😀")?.kind == .struct)
    #expect(file.type(named: "Catalog") == nil)
    #expect(file.type(named: "Catalog.Fee") == nil)
    #expect(file.type(named: "Catalog.Feed.Pag") == nil)
    #expect(file.type(named: "catalog.feed") == nil)
    #expect(file.type(named: "") == nil)
    #expect(file.type(named: "Zzzz") == nil)
    // Asked again: the same answer (cached or not).
    #expect(file.type(named: "Catalog.Feed") == content.types.first { $0.qualifiedName == "Catalog.Feed" })
    #expect(file.type(named: "Zzzz") == nil)
  }

  @Test("namedKey(_:)")
  func namedKeys() {
    for key in content.namedKeys { #expect(file.namedKey(key.name) == key) }
    #expect(file.namedKey("größe")?.valueType == "Swift.Dictionary<Swift.String, Swift.Double>")
    #expect(file.namedKey("retryCount")?.visibility == .testable)
    #expect(file.namedKey("apiBaseURLs") == nil)
    #expect(file.namedKey("apiBase") == nil)
    #expect(file.namedKey("") == nil)
    #expect(file.namedKey("\\.apiBaseURL") == nil)
  }

  @Test("typealiasDecl(named:)")
  func typealiases() {
    for alias in content.typealiases { #expect(file.typealiasDecl(named: alias.qualifiedName) == alias) }
    #expect(file.typealiasDecl(named: "Catalog.Feed.Handler")?.visibility == .testable)
    #expect(file.typealiasDecl(named: "Catalog.Größe")?.target == "Swift.Double")
    #expect(file.typealiasDecl(named: "ID") == nil)
    #expect(file.typealiasDecl(named: "Catalog.Feed") == nil)
    #expect(file.typealiasDecl(named: "") == nil)
  }

  @Test("lookups in large indexes", arguments: [1, 2, 3, 17, 500])
  func largeIndexes(size: Int) throws {
    var random = SeededRandom(seed: UInt64(size))
    let alphabet = Array("abcXYZ_09.éü😀")
    func name() -> String { String((0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
    var content = InterfaceContent(moduleName: "Big")
    var typeNames = Set<String>()
    var keyNames = Set<String>()
    var functionKeys = Set<[String]>()
    for _ in 0..<size {
      typeNames.insert("Big." + name())
      keyNames.insert(name())
      functionKeys.insert([Bool.random(using: &random) ? "" : "Big." + name(), name()])
    }
    content.types = typeNames.map { TypeDecl(qualifiedName: $0, kind: .struct, visibility: .public, isFinal: true) }
    content.namedKeys = keyNames.map { NamedKeyDecl(name: $0, valueType: "T" + $0, visibility: .public) }
    content.typealiases = keyNames.map { TypealiasDecl(qualifiedName: "Big." + $0, target: $0, visibility: .testable) }
    for key in functionKeys {
      for labels in [["a"], ["b", "c"]] {
        content.functions.append(
          FunctionDecl(
            owner: key[0].isEmpty ? nil : key[0], baseName: key[1], kind: .function, isStatic: false,
            parameters: labels.map { .init(label: $0) }, visibility: .public, requirements: [.named(key[1])],
            file: key[1] + ".swift"))
      }
    }
    let big = try InterfaceFile(bytes: InterfaceWriter.encode(content, upstream: []), path: "Big", expectedModule: "Big")
    let normalized = content.normalized()
    for type in normalized.types { #expect(big.type(named: type.qualifiedName) == type) }
    for key in normalized.namedKeys { #expect(big.namedKey(key.name) == key) }
    for alias in normalized.typealiases { #expect(big.typealiasDecl(named: alias.qualifiedName) == alias) }
    for key in functionKeys {
      let owner = key[0].isEmpty ? nil : key[0]
      let found = big.functions(owner: owner, baseName: key[1])
      #expect(found == normalized.functions.filter { $0.owner == owner && $0.baseName == key[1] })
      #expect(found.count == 2)
    }
    #expect(big.type(named: "Big.") == nil)
    #expect(big.namedKey("~missing~") == nil)
    #expect(big.decodeContent() == normalized)
  }

  @Test("concurrent lookups agree")
  func concurrent() async {
    let file = self.file
    let content = self.content
    await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask {
          let type = content.types[index % content.types.count]
          let function = content.functions[index % content.functions.count]
          return file.type(named: type.qualifiedName) == type
            && file.functions(owner: function.owner, baseName: function.baseName).contains(function)
            && (index % 8 != 0 || file.decodeContent() == content)
        }
      }
      for await ok in group { #expect(ok) }
    }
  }
}
