import Testing
@testable import ImplicitsAnalysis

/// Key spellings read back into types: the shortcut for plain dotted paths
/// gives what SwiftParser gives, and leaves every other spelling to it.
@Suite struct SemanticTypeParsingTests {
  nonisolated(unsafe) static let moduleNames: ModuleNames = ["Core", "App", "M12"]

  @Test("plain paths: the shortcut and the parser agree", arguments: [
    "Config", "Core.Config", "App.Feature.Flags", "M12.Service12", "Unknown.Inner", "_Private", "Core._Hidden",
    "Optional", "a1.b2", "Foundation.URL",
  ])
  func plainPaths(_ text: String) {
    #expect(SemanticType.plainPath(text) != nil)
    let fast = SemanticType.parse(text, moduleNames: Self.moduleNames)
    let parsed = SemanticType.parsedBySwiftParser(text, moduleNames: Self.moduleNames)
    #expect(fast == parsed)
    #expect(fast.display == parsed.display && fast.identity == parsed.identity)
  }

  @Test("other spellings go to the parser", arguments: [
    "Core.Config.Type", "Core.Config.Protocol", "Self", "Any", "_", "Core.Self", "Array<Int>", "[Int]", "Int?",
    "(Int, String)", "Core.Config (fileprivate in A.swift)", "1A", "A.", ".A", "A..B", "", "Ünï", "some P", "Sendable",
  ])
  func otherSpellings(_ text: String) {
    #expect(SemanticType.plainPath(text) == nil)
    #expect(SemanticType.parse(text, moduleNames: Self.moduleNames)
      == SemanticType.parsedBySwiftParser(text, moduleNames: Self.moduleNames))
  }
}
