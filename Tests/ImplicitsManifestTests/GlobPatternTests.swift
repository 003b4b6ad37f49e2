import Testing

@testable import ImplicitsManifest

@Suite("Glob patterns")
struct GlobPatternTests {
  private func segments(_ text: String) throws -> [GlobPattern.Segment] {
    try GlobPattern(text).segments
  }

  @Test func componentsAreNormalized() throws {
    #expect(try segments("a/./b//c/") == [.literal("a"), .literal("b"), .literal("c")])
    #expect(try segments("**/**/x") == [.globstar, .literal("x")])
    #expect(try segments("a/b/../c") == [.literal("a"), .literal("c")])
    #expect(try segments("../../x") == [.literal(".."), .literal(".."), .literal("x")])
    #expect(try segments(".") == [])
    #expect(try segments("/../a") == [.literal("a")])
    #expect(try GlobPattern("/a").isAbsolute)
    #expect(try segments("a\\*b") == [.literal("a*b")])
    #expect(try GlobPattern("Sources/Core").hasWildcards == false)
    #expect(try GlobPattern("Sources/**").hasWildcards)
    #expect(try GlobPattern("Modules/Core/*/x").literalPrefix == ["Modules", "Core"])
    // Plain paths (recognized in one pass) and their near misses.
    #expect(try segments("Modules/Core") == [.literal("Modules"), .literal("Core")])
    #expect(try segments("/Modules/Core/") == [.literal("Modules"), .literal("Core")])
    #expect(try segments("a/.../b") == [.literal("a"), .literal("..."), .literal("b")])
    #expect(try segments(".hidden/x") == [.literal(".hidden"), .literal("x")])
    #expect(try segments("./x") == [.literal("x")])
    #expect(try segments("a/..") == [])
    #expect(try segments("..") == [.literal("..")])
  }

  @Test(arguments: [
    ("", "the pattern is empty"),
    ("Sources/[ab", "'[' in '[ab' has no closing ']'"),
    ("[!]", "'[' in '[!]' has no closing ']'"),
    ("a\\", "'\\' at the end of 'a\\' escapes nothing"),
    ("[z-a]", "the range 'z-a' in '[z-a]' is reversed"),
  ])
  func invalidPatternsSayWhy(_ text: String, _ message: String) {
    #expect(throws: GlobSyntaxError(message)) { try GlobPattern(text) }
  }

  @Test(arguments: [
    ("*.swift", "A.swift", true), ("*.swift", "A.swiftx", false), ("*.swift", ".A.swift", false),
    (".*.swift", ".A.swift", true), ("*", "anything", true), ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false),
    ("a*b", "ab", true), ("a**b", "axyb", true), ("*Tests.swift", "Tests.swift", true),
    ("?1.swift", "a1.swift", true), ("?1.swift", "ab1.swift", false), ("?", ".", false),
    ("[a-c]1", "b1", true), ("[a-c]1", "d1", false), ("[abc]", "c", true), ("[A-Za-z_]x", "_x", true),
    ("[!a]1", "a1", false), ("[!a]1", "b1", true), ("[^a-c]1", "d1", true), ("[^a-c]1", "b1", false),
    ("[]]", "]", true), ("[!]]", "]", false), ("[a-]", "-", true), ("[a-]", "b", false), ("[.]x", ".x", false),
    ("\\*", "*", true), ("\\*", "a", false), ("\\[a]", "[a]", true), ("é*", "ecole", false), ("é*", "été", true),
  ])
  func oneComponent(_ pattern: String, _ name: String, _ matches: Bool) throws {
    let segment = try #require(try GlobPattern(pattern).segments.first)
    #expect(GlobPattern.matches(segment, name: name[...]) == matches)
  }

  @Test func starsDoNotBacktrackExponentially() throws {
    let pattern = try GlobPattern(String(repeating: "a*", count: 30) + "b")
    let name = String(repeating: "a", count: 5000)
    #expect(GlobPattern.matches(pattern.segments[0], name: name[...]) == false)
  }

  @Test(arguments: [
    ("**/*Tests.swift", "CoreTests.swift", true),
    ("**/*Tests.swift", "Modules/Core/CoreTests.swift", true),
    ("**/*Tests.swift", "Modules/Core/Core.swift", false),
    ("**/*Tests.swift", ".build/CoreTests.swift", false),
    ("Modules/**/Sources", "Modules/Sources", true),
    ("Modules/**/Sources", "Modules/a/b/c/Sources", true),
    ("Modules/**/Sources", "Modules/a/b/c", false),
    ("Modules/**", "Modules", true),
    ("Modules/**", "Modules/x/y.swift", true),
    ("Modules/*", "Modules/x/y.swift", false),
    ("Modules/*/y.swift", "Modules/x/y.swift", true),
    ("*.swift", "Modules/x.swift", false),
    ("../Shared/*.swift", "../Shared/S.swift", true),
    ("**/S.swift", "../Shared/S.swift", false),
  ])
  func wholePaths(_ pattern: String, _ path: String, _ matches: Bool) throws {
    let components = path.split(separator: "/")
    #expect(try GlobPattern(pattern).matches(components: components) == matches)
  }
}
