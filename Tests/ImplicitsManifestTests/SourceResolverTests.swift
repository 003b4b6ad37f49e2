import Foundation
import Testing

@testable import ImplicitsManifest

@Suite("Source resolution")
struct SourceResolverTests {
  /// A project tree with modules, non-Swift files and hidden directories.
  static let files = [
    "Root.swift",
    "Modules/Core/Sources/A.swift",
    "Modules/Core/Sources/B.swift",
    "Modules/Core/Sources/Sub/C.swift",
    "Modules/Core/Sources/Sub/CTests.swift",
    "Modules/Core/Sources/Sub/Deeper/D.swift",
    "Modules/Core/Sources/README.md",
    "Modules/Core/Sources/.hidden/H.swift",
    "Modules/Core/Sources/.build/X.swift",
    "Modules/Core/Sources/.Dot.swift",
    "Modules/Core/Extra/a1.swift",
    "Modules/Core/Extra/b1.swift",
    "Modules/Core/Extra/c1.swift",
    "Modules/Core/Extra/d1.swift",
    "Modules/Core/Extra/ab.swift",
    "Modules/Feature/Sources/F.swift",
    "Modules/Empty/",
    ".git/G.swift",
    "Docs/notes.txt",
  ]

  /// Resolves one module with `sources` and `exclude` in a fresh tree and
  /// returns its files relative to the tree, or the errors.
  private func resolve(
    _ sources: [String], exclude: [String] = [], in tree: TemporaryTree? = nil
  ) throws -> Result<[String], ManifestErrors> {
    let tree = try tree ?? TemporaryTree(Self.files)
    let module = ModuleSpec(
      name: "Core", location: Location(line: 3, column: 5), nameLocation: Location(line: 3, column: 11),
      sources: sources.enumerated().map { Located($1, at: Location(line: 10 + $0, column: 9)) },
      exclude: exclude.enumerated().map { Located($1, at: Location(line: 20 + $0, column: 9)) })
    let manifest = Manifest(path: tree.path("implicits.yaml"), modules: [module])
    do {
      let files = try SourceResolver(manifest: manifest).sourceFiles(of: module)
      return .success(files.map { String($0.dropFirst(tree.root.count + 1)) })
    } catch {
      return .failure(error)
    }
  }

  private func files(
    _ sources: [String], exclude: [String] = [], in tree: TemporaryTree? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    switch try resolve(sources, exclude: exclude, in: tree) {
    case .success(let files): return files
    case .failure(let errors):
      Issue.record("unexpected errors:\n\(errors)", sourceLocation: sourceLocation)
      return []
    }
  }

  private func messages(_ sources: [String], exclude: [String] = [], in tree: TemporaryTree? = nil) throws
    -> [String]
  {
    switch try resolve(sources, exclude: exclude, in: tree) {
    case .success(let files):
      Issue.record("expected errors, got \(files)")
      return []
    case .failure(let errors):
      return errors.errors.map { "\($0.location!.line):\($0.location!.column): \($0.message)" }
    }
  }

  @Test func aDirectoryMeansEverySwiftFileBelowItOutsideHiddenDirectories() throws {
    #expect(
      try files(["Modules/Core/Sources"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift", "Modules/Core/Sources/Sub/C.swift",
        "Modules/Core/Sources/Sub/CTests.swift", "Modules/Core/Sources/Sub/Deeper/D.swift",
      ])
  }

  @Test func theManifestDirectoryItselfSkipsDotGitAndDotBuild() throws {
    let all = try files(["."])
    #expect(all.contains("Root.swift"))
    #expect(all.contains("Modules/Feature/Sources/F.swift"))
    #expect(!all.contains { $0.contains("/.") || $0.hasPrefix(".") })
    #expect(all.count == 12)
  }

  @Test func aFileEntryIsThatFile() throws {
    #expect(
      try files(["Modules/Core/Sources/B.swift", "./Root.swift"]) == ["Modules/Core/Sources/B.swift", "Root.swift"])
  }

  @Test func starStaysWithinOneDirectory() throws {
    #expect(
      try files(["Modules/*/Sources/*.swift"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift", "Modules/Feature/Sources/F.swift",
      ])
  }

  @Test func questionMarkIsOneCharacter() throws {
    #expect(
      try files(["Modules/Core/Extra/?1.swift"]) == [
        "Modules/Core/Extra/a1.swift", "Modules/Core/Extra/b1.swift", "Modules/Core/Extra/c1.swift",
        "Modules/Core/Extra/d1.swift",
      ])
  }

  @Test func characterClassesWithRangesAndNegation() throws {
    #expect(
      try files(["Modules/Core/Extra/[a-c]1.swift"]) == [
        "Modules/Core/Extra/a1.swift", "Modules/Core/Extra/b1.swift", "Modules/Core/Extra/c1.swift",
      ])
    let notA = ["Modules/Core/Extra/b1.swift", "Modules/Core/Extra/c1.swift", "Modules/Core/Extra/d1.swift"]
    #expect(try files(["Modules/Core/Extra/[!a]1.swift"]) == notA)
    #expect(try files(["Modules/Core/Extra/[^a]1.swift"]) == notA)
  }

  @Test func globstarAtTheStartMatchesAnyDepthIncludingNone() throws {
    #expect(
      try files(["**/C*.swift"]) == ["Modules/Core/Sources/Sub/C.swift", "Modules/Core/Sources/Sub/CTests.swift"])
    #expect(try files(["**/Root.swift"]) == ["Root.swift"])
  }

  @Test func globstarInTheMiddleMatchesZeroOrMoreDirectories() throws {
    #expect(try files(["Modules/Core/Sources/**/A.swift"]) == ["Modules/Core/Sources/A.swift"])
    #expect(try files(["Modules/**/D.swift"]) == ["Modules/Core/Sources/Sub/Deeper/D.swift"])
    #expect(
      try files(["Modules/**/Sources/*.swift"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift", "Modules/Feature/Sources/F.swift",
      ])
  }

  @Test func globstarAtTheEndMeansEverythingBelow() throws {
    #expect(try files(["Modules/Core/Sources/Sub/**"]) == (try files(["Modules/Core/Sources/Sub"])))
    #expect(try files(["Modules/Core/**"]).count == 10)
  }

  @Test func aGlobMatchingDirectoriesTakesTheirFiles() throws {
    #expect(
      try files(["Modules/*/Sources"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift", "Modules/Core/Sources/Sub/C.swift",
        "Modules/Core/Sources/Sub/CTests.swift", "Modules/Core/Sources/Sub/Deeper/D.swift",
        "Modules/Feature/Sources/F.swift",
      ])
  }

  @Test func hiddenDirectoriesAreUsedOnlyWhenNamed() throws {
    #expect(try !files(["Modules/Core/Sources/**/*.swift"]).contains { $0.contains(".hidden") })
    #expect(try files(["Modules/Core/Sources/.hidden"]) == ["Modules/Core/Sources/.hidden/H.swift"])
    #expect(try files(["Modules/Core/Sources/.hidden/*.swift"]) == ["Modules/Core/Sources/.hidden/H.swift"])
    #expect(try files(["Modules/Core/Sources/.*.swift"]) == ["Modules/Core/Sources/.Dot.swift"])
  }

  @Test func excludeGlobsAreRelativeToTheManifestDirectory() throws {
    #expect(
      try files(["Modules/Core/Sources"], exclude: ["**/*Tests.swift"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift", "Modules/Core/Sources/Sub/C.swift",
        "Modules/Core/Sources/Sub/Deeper/D.swift",
      ])
    // Relative to the manifest, not to the sources entry: this excludes nothing.
    #expect(try files(["Modules/Core/Sources"], exclude: ["Sub/*.swift"]).count == 5)
    #expect(try files(["Modules/Core/Sources"], exclude: ["Modules/Core/Sources/Sub/*.swift"]).count == 3)
  }

  @Test func excludingADirectoryExcludesEverythingBelowIt() throws {
    #expect(
      try files(["Modules/Core/Sources"], exclude: ["Modules/Core/Sources/Sub"]) == [
        "Modules/Core/Sources/A.swift", "Modules/Core/Sources/B.swift",
      ])
    #expect(try files(["Modules/Core/Sources"], exclude: ["**/Deeper"]).count == 4)
  }

  @Test func resultsAreSortedByBytesWithoutDuplicates() throws {
    let tree = try TemporaryTree(["S/b.swift", "S/B.swift", "S/_.swift", "S/Z.swift", "S/é.swift", "S/z.swift"])
    let expected = ["S/B.swift", "S/Z.swift", "S/_.swift", "S/b.swift", "S/z.swift", "S/é.swift"]
    #expect(try files(["S"], in: tree) == expected)
    #expect(try files(["S/*.swift", "S", "S/b.swift", "./S//", "**/*.swift"], in: tree) == expected)
  }

  @Test func symbolicLinkLoopsEnd() throws {
    let tree = try TemporaryTree(["S/A.swift", "S/Inner/B.swift"])
    try tree.symlink("S/Inner/loop", to: "..")
    try tree.symlink("S/self", to: ".")
    #expect(try files(["S"], in: tree) == ["S/A.swift", "S/Inner/B.swift"])
    let viaGlob = try files(["**/*.swift"], in: tree)
    #expect(viaGlob.first == "S/A.swift")
    #expect(viaGlob.count < 10)
  }

  /// Sources above the manifest's directory need a sources root above it;
  /// without one, the entry is refused before anything is walked.
  @Test func sourcesOutsideTheManifestDirectory() throws {
    let tree = try TemporaryTree(["Shared/S.swift", "app/Sources/App.swift"])
    let module = ModuleSpec(
      name: "App",
      sources: [
        Located("Sources", at: Location(line: 1, column: 1)),
        Located("../Shared/*.swift", at: Location(line: 2, column: 1)),
      ],
      exclude: [Located("../Shared/S.swift", at: Location(line: 3, column: 1))])
    let fenced = Manifest(path: tree.path("app/implicits.yaml"), modules: [module])
    #expect(throws: ManifestErrors.self) { try SourceResolver(manifest: fenced).sourceFiles(of: module) }
    do {
      _ = try SourceResolver(manifest: fenced).sourceFiles(of: module)
    } catch {
      #expect(error.errors.map(\.message) == [
        "sources entry '../Shared/*.swift' is outside the sources root '\(tree.path("app"))': sources lie below it; "
          + "set 'sources-root' to a directory that holds them"
      ])
    }
    let manifest = Manifest(path: tree.path("app/implicits.yaml"), sourcesRoot: "..", modules: [module])
    #expect(try SourceResolver(manifest: manifest).sourceFiles(of: module) == [tree.path("app/Sources/App.swift")])
    var kept = module
    kept.exclude = []
    #expect(
      try SourceResolver(manifest: manifest).sourceFiles(of: kept) == [
        tree.path("Shared/S.swift"), tree.path("app/Sources/App.swift"),
      ])
  }

  @Test func anEntryMatchingNothingIsReportedAtItsLocation() throws {
    #expect(
      try messages(["Modules/Core/Sources", "Modules/Core/Extra/*.swfit"]) == [
        "11:9: sources entry 'Modules/Core/Extra/*.swfit' matches no .swift file"
      ])
  }

  @Test func aMissingDirectorySuggestsTheClosestName() throws {
    #expect(
      try messages(["Modules/Core/Sorces"]) == [
        "10:9: sources entry 'Modules/Core/Sorces' matches no .swift file: there is no 'Sorces' in 'Modules/Core'; did you mean 'Sources'?"
      ])
    #expect(
      try messages(["Moduls/*/Sources"]) == [
        "10:9: sources entry 'Moduls/*/Sources' matches no .swift file: there is no 'Moduls' in the manifest's directory; did you mean 'Modules'?"
      ])
  }

  @Test func aNonSwiftFileOrAnEmptyDirectoryIsReported() throws {
    #expect(
      try messages(["Docs/notes.txt", "Modules/Empty", "Docs"]) == [
        "10:9: sources entry 'Docs/notes.txt' matches no .swift file: it is a file, but not a .swift file",
        "11:9: sources entry 'Modules/Empty' matches no .swift file: the directory holds none (directories starting with '.' are skipped)",
        "12:9: sources entry 'Docs' matches no .swift file: the directory holds none (directories starting with '.' are skipped)",
      ])
  }

  @Test func aModuleWhoseFilesAreAllExcludedIsReportedAtItsName() throws {
    #expect(
      try messages(["Modules/Core/Extra"], exclude: ["**/*.swift"]) == [
        "3:11: module 'Core' has no source files: 'exclude' removes all 5 files that 'sources' match"
      ])
  }

  @Test func aModuleBuiltInMemoryWithoutSourcesIsReported() throws {
    #expect(try messages([]) == ["3:11: module 'Core' has no source files: its 'sources' list is empty"])
  }

  @Test func everyModuleIsResolvedAndAllErrorsReportedTogether() throws {
    let tree = try TemporaryTree(Self.files)
    let yaml = """
      version: 1
      modules:
        - name: Core
          sources: [Modules/Core/Sources, Modules/Core/Extra/z*.swift]
        - name: Feature
          sources: [Modules/Feature/Sources]
          dependencies: [Core]
        - name: Broken
          sources: [Modules/Nope]
      """
    try tree.write("implicits.yaml", yaml)
    let manifest = try Manifest.load(path: tree.path("implicits.yaml"))
    let resolver = SourceResolver(manifest: manifest)
    #expect(try resolver.sourceFiles(of: manifest.modules[1]) == [tree.path("Modules/Feature/Sources/F.swift")])
    #expect(
      throws: ManifestErrors([
        ManifestError(
          path: tree.path("implicits.yaml"), location: Location(line: 4, column: 37),
          message: "sources entry 'Modules/Core/Extra/z*.swift' matches no .swift file"),
        ManifestError(
          path: tree.path("implicits.yaml"), location: Location(line: 9, column: 15),
          message: "sources entry 'Modules/Nope' matches no .swift file: there is no 'Nope' in 'Modules'"),
      ])
    ) {
      try resolver.sourceFilesByModule()
    }

    try tree.write(
      "implicits.yaml",
      yaml.replacingOccurrences(of: "Modules/Nope", with: "Root.swift")
        .replacingOccurrences(of: "z*.swift", with: "a*.swift"))
    let fixed = try SourceResolver(manifest: try Manifest.load(path: tree.path("implicits.yaml"))).sourceFilesByModule()
    #expect(fixed.keys.sorted() == ["Broken", "Core", "Feature"])
    #expect(fixed["Core"]?.count == 7)
    #expect(fixed["Broken"] == [tree.path("Root.swift")])
  }
}
