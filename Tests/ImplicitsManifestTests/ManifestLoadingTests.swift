import ImplicitsFileSystem
import Testing

@testable import ImplicitsManifest

@Suite("Loading a valid manifest")
struct ManifestLoadingTests {
  static let everyField = """
    version: 1
    output-dir: build/implicits
    sources-root: ..
    compilation-conditions: [DEBUG, TESTING]

    modules:
      - name: Core
        sources:
          - Modules/Core/Sources
          - Modules/Core/Extra/*.swift
        exclude: ["**/*Tests.swift"]
        dependencies: []
        compilation-conditions: [CORE, DEBUG]

      - name: Feature
        sources: [Modules/Feature/Sources]
        dependencies: [Core, Vendor]

    external-interfaces:
      - name: Vendor
        path: ../Prebuilt/Vendor.implicitinterface
    """

  @Test func everyFieldHasTheRightValueAndAbsolutePaths() throws {
    let manifest = try Manifest.parse(Self.everyField, path: "/work/app/implicits.yaml")
    #expect(manifest.path == "/work/app/implicits.yaml")
    #expect(manifest.directory == "/work/app")
    #expect(manifest.version == 1)
    #expect(manifest.outputDirectory == "/work/app/build/implicits")
    #expect(manifest.sourcesRoot == "/work")
    #expect(manifest.compilationConditions == ["DEBUG", "TESTING"])

    #expect(manifest.modules.count == 2)
    let core = manifest.modules[0]
    #expect(core.name == "Core")
    #expect(core.location == Location(line: 7, column: 5))
    #expect(core.nameLocation == Location(line: 7, column: 11))
    #expect(
      core.sources == [
        Located("Modules/Core/Sources", at: Location(line: 9, column: 9)),
        Located("Modules/Core/Extra/*.swift", at: Location(line: 10, column: 9)),
      ])
    #expect(core.exclude == [Located("**/*Tests.swift", at: Location(line: 11, column: 15))])
    #expect(core.dependencies.isEmpty)
    #expect(
      core.compilationConditions == [
        Located("CORE", at: Location(line: 13, column: 30)), Located("DEBUG", at: Location(line: 13, column: 36)),
      ])

    let feature = manifest.modules[1]
    #expect(feature.name == "Feature")
    #expect(feature.sources.map(\.value) == ["Modules/Feature/Sources"])
    #expect(feature.exclude.isEmpty)
    #expect(
      feature.dependencies == [
        Located("Core", at: Location(line: 17, column: 20)), Located("Vendor", at: Location(line: 17, column: 26)),
      ])

    #expect(
      manifest.externalInterfaces == [
        ExternalInterfaceSpec(
          name: "Vendor", path: "/work/Prebuilt/Vendor.implicitinterface", location: Location(line: 20, column: 5),
          nameLocation: Location(line: 20, column: 11), pathLocation: Location(line: 21, column: 11))
      ])
    #expect(manifest.module(named: "Feature") == feature)
    #expect(manifest.module(named: "Vendor") == nil)
    #expect(manifest.externalInterface(named: "Vendor")?.name == "Vendor")
  }

  @Test func conditionsForAModuleAreTheGlobalOnesThenItsOwnOnce() throws {
    let manifest = try Manifest.parse(Self.everyField, path: "/work/app/implicits.yaml")
    #expect(manifest.compilationConditions(for: manifest.modules[0]) == ["DEBUG", "TESTING", "CORE"])
    #expect(manifest.compilationConditions(for: manifest.modules[1]) == ["DEBUG", "TESTING"])
  }

  @Test func optionalKeysHaveTheirDefaults() throws {
    let manifest = try Manifest.parse(
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n", path: "/work/app/implicits.yaml")
    #expect(manifest.outputDirectory == "/work/app/.implicits")
    #expect(manifest.sourcesRoot == "/work/app")
    #expect(manifest.compilationConditions.isEmpty)
    #expect(manifest.externalInterfaces.isEmpty)
    #expect(manifest.modules[0].exclude.isEmpty && manifest.modules[0].dependencies.isEmpty)
  }

  @Test func emptyOptionalValuesCountAsAbsent() throws {
    let yaml = """
      version: 1
      output-dir:
      compilation-conditions:
      modules:
        - name: Core
          sources: [Sources]
          exclude:
          dependencies: ~
      external-interfaces:
      """
    let manifest = try Manifest.parse(yaml, path: "/work/app/implicits.yaml")
    #expect(manifest.outputDirectory == "/work/app/.implicits")
    #expect(manifest.modules[0].dependencies.isEmpty)
    #expect(manifest.externalInterfaces.isEmpty)
  }

  @Test func pathsAreNormalizedAndAbsoluteOnesKept() throws {
    let yaml = """
      version: 1
      output-dir: /var/cache/./implicits/
      sources-root: ./src/../
      modules:
        - name: Core
          sources: [Sources]
      external-interfaces:
        - name: Vendor
          path: ./Vendor//V.implicitinterface
      """
    let manifest = try Manifest.parse(yaml, path: "/work/./app/../app/implicits.yaml")
    #expect(manifest.path == "/work/app/implicits.yaml")
    #expect(manifest.outputDirectory == "/var/cache/implicits")
    #expect(manifest.sourcesRoot == "/work/app")
    #expect(manifest.externalInterfaces[0].path == "/work/app/Vendor/V.implicitinterface")
  }

  @Test func aRelativeManifestPathIsTakenFromTheCurrentDirectory() throws {
    let manifest = try Manifest.parse(
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n", path: "sub/implicits.yaml")
    let current = PathUtilities.currentDirectory()
    #expect(manifest.path == PathUtilities.normalize(current + "/sub/implicits.yaml"))
    #expect(manifest.directory == PathUtilities.normalize(current + "/sub"))
  }

  @Test func loadReadsTheFileAndMatchesParse() throws {
    let tree = try TemporaryTree()
    try tree.write("app/implicits.yaml", Self.everyField)
    let loaded = try Manifest.load(path: tree.path("app/implicits.yaml"))
    #expect(loaded == (try Manifest.parse(Self.everyField, path: tree.path("app/implicits.yaml"))))
    #expect(loaded.sourcesRoot == tree.root)
  }

  @Test func loadErrorsNameTheAbsolutePath() throws {
    let tree = try TemporaryTree()
    try tree.write("implicits.yaml", "version: 1\nmodules: []\n")
    #expect(
      throws: ManifestErrors([
        ManifestError(
          path: tree.path("implicits.yaml"), location: Location(line: 2, column: 10),
          message: "'modules' is empty; a manifest declares at least one module")
      ])
    ) {
      try Manifest.load(path: tree.path("implicits.yaml"))
    }
  }

  @Test func aMissingOrUnreadableManifestIsOneErrorWithoutPosition() throws {
    let tree = try TemporaryTree(["dir/"])
    let missing = tree.path("nope.yaml")
    #expect(
      throws: ManifestErrors([
        ManifestError(path: missing, location: nil, message: "cannot read the manifest: No such file or directory")
      ])
    ) {
      try Manifest.load(path: missing)
    }
    #expect(
      throws: ManifestErrors([
        ManifestError(path: tree.path("dir"), location: nil, message: "cannot read the manifest: it is a directory")
      ])
    ) {
      try Manifest.load(path: tree.path("dir"))
    }
  }

  @Test func aManifestBuiltInMemoryGetsTheSameDefaults() {
    let manifest = Manifest(
      path: "/work/app/implicits.yaml", outputDirectory: "out",
      modules: [ModuleSpec(name: "Core", sources: [Located("Sources", at: Location(line: 1, column: 1))])])
    #expect(manifest.directory == "/work/app")
    #expect(manifest.outputDirectory == "/work/app/out")
    #expect(manifest.sourcesRoot == "/work/app")
    #expect(manifest.modules[0].nameLocation == manifest.modules[0].location)
  }
}
