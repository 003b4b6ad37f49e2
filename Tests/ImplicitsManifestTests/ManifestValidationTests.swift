import Testing

@testable import ImplicitsManifest

/// One rule broken in a small manifest, and exactly the errors expected.
struct ValidationCase: Sendable, CustomTestStringConvertible {
  var name: String
  var yaml: String
  var expected: [String]
  var testDescription: String { name }
}

/// A valid module list to append after a broken top level.
private let oneModule = "modules:\n  - name: Core\n    sources: [Sources]\n"

let validationCases: [ValidationCase] = [
  // MARK: version
  ValidationCase(
    name: "missing version",
    yaml: oneModule,
    expected: [diagnostic(1, 1, "missing 'version'; add 'version: 1' (this tool reads version 1)")]),
  ValidationCase(
    name: "unsupported version is the only error reported",
    yaml: "version: 2\nwhatever: 1\nmodules: 3\n",
    expected: [diagnostic(1, 10, "unsupported manifest version 2; this tool reads version 1")]),
  ValidationCase(
    name: "version written as a string",
    yaml: "version: \"1\"\n" + oneModule,
    expected: [
      diagnostic(1, 10, "expected an integer for 'version', found a string; this tool reads version 1")
    ]),
  ValidationCase(
    name: "version written as a number with a fraction",
    yaml: "version: 1.5\n" + oneModule,
    expected: [diagnostic(1, 10, "unsupported manifest version 1.5; this tool reads version 1")]),


  // MARK: unknown keys
  ValidationCase(
    name: "unknown top-level key with suggestion",
    yaml: "version: 1\nmodule:\n  - name: Core\n    sources: [Sources]\n",
    expected: [
      diagnostic(1, 1, "missing 'modules'; a manifest declares at least one module"),
      diagnostic(2, 1, "unknown key 'module' at the top level; did you mean 'modules'?"),
    ]),
  ValidationCase(
    name: "camel-case top-level key suggests the dashed one",
    yaml: "version: 1\noutputDir: out\n" + oneModule,
    expected: [diagnostic(2, 1, "unknown key 'outputDir' at the top level; did you mean 'output-dir'?")]),
  ValidationCase(
    name: "unknown key in a module with suggestion",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    dependecies: []\n",
    expected: [diagnostic(5, 5, "unknown key 'dependecies' in module 'Core'; did you mean 'dependencies'?")]),
  ValidationCase(
    name: "unknown key without a close match lists the known keys",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    colour: blue\n",
    expected: [
      diagnostic(
        5, 5,
        "unknown key 'colour' in module 'Core'; expected one of: name, sources, exclude, dependencies, compilation-conditions"
      )
    ]),
  ValidationCase(
    name: "unknown key in an external interface with suggestion",
    yaml: "version: 1\n" + oneModule + "external-interfaces:\n  - name: Vendor\n    pth: Vendor.implicitinterface\n",
    expected: [
      diagnostic(6, 5, "external interface 'Vendor' has no 'path' to its .implicitinterface file"),
      diagnostic(7, 5, "unknown key 'pth' in external interface 'Vendor'; did you mean 'path'?"),
    ]),
  ValidationCase(
    name: "duplicate key",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    name: Other\n",
    expected: [diagnostic(5, 5, "duplicate key 'name' in module 'Core'; it is already set at line 3, column 5")]),
  ValidationCase(
    name: "a key that is not a scalar",
    yaml: "version: 1\n[a, b]: 1\n" + oneModule,
    expected: [diagnostic(2, 1, "expected a key name at the top level, found a list")]),

  // MARK: types
  ValidationCase(
    name: "top level is a list",
    yaml: "- version: 1\n",
    expected: [diagnostic(1, 1, "expected a mapping (version, modules, ...) at the top of the manifest, found a list")]),
  ValidationCase(
    name: "a string where a list of strings is expected",
    yaml: "version: 1\ncompilation-conditions: DEBUG\n" + oneModule,
    expected: [
      diagnostic(
        2, 25, "expected a list of strings for 'compilation-conditions', found a string; write it as a list: [DEBUG]")
    ]),
  ValidationCase(
    name: "a mapping where a list of modules is expected",
    yaml: "version: 1\nmodules:\n  name: Core\n  sources: [Sources]\n",
    expected: [diagnostic(3, 3, "expected a list of mappings for 'modules', found a mapping")]),
  ValidationCase(
    name: "a string in the list of modules",
    yaml: "version: 1\nmodules:\n  - Core\n  - name: Feature\n    sources: [Sources]\n",
    expected: [diagnostic(3, 5, "expected a mapping for each module in 'modules', found a string")]),
  ValidationCase(
    name: "a list inside the list of sources",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [[Sources]]\n",
    expected: [diagnostic(4, 15, "expected a string in 'sources', found a list")]),
  ValidationCase(
    name: "a number as a module name",
    yaml: "version: 1\nmodules:\n  - name: 42\n    sources: [Sources]\n",
    expected: [diagnostic(3, 11, "expected a string for 'name', found an integer")]),
  ValidationCase(
    name: "a boolean in dependencies",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    dependencies: [true]\n",
    expected: [diagnostic(5, 20, "expected a string in 'dependencies', found a boolean")]),
  ValidationCase(
    name: "a list as output-dir",
    yaml: "version: 1\noutput-dir: [out]\n" + oneModule,
    expected: [diagnostic(2, 13, "expected a string for 'output-dir', found a list")]),
  ValidationCase(
    name: "an empty sources-root",
    yaml: "version: 1\nsources-root: ''\n" + oneModule,
    expected: [diagnostic(2, 15, "'sources-root' is empty; leave it out to use the default")]),
  ValidationCase(
    name: "a mapping as dependencies",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    dependencies: {Other: 1}\n",
    expected: [diagnostic(5, 19, "expected a list of strings for 'dependencies', found a mapping")]),

  // MARK: modules
  ValidationCase(
    name: "no modules key",
    yaml: "version: 1\n",
    expected: [diagnostic(1, 1, "missing 'modules'; a manifest declares at least one module")]),
  ValidationCase(
    name: "an empty list of modules",
    yaml: "version: 1\nmodules: []\n",
    expected: [diagnostic(2, 10, "'modules' is empty; a manifest declares at least one module")]),
  ValidationCase(
    name: "modules with no value",
    yaml: "version: 1\nmodules:\n",
    expected: [diagnostic(2, 9, "'modules' is empty; a manifest declares at least one module")]),
  ValidationCase(
    name: "a module without sources",
    yaml: "version: 1\nmodules:\n  - name: Core\n",
    expected: [diagnostic(3, 5, "module 'Core' has no 'sources'; list the directories or globs of its .swift files")]),
  ValidationCase(
    name: "a module with an empty list of sources",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: []\n",
    expected: [diagnostic(4, 14, "'sources' of module 'Core' is empty; list at least one directory or glob")]),
  ValidationCase(
    name: "a module without a name",
    yaml: "version: 1\nmodules:\n  - sources: [Sources]\n",
    expected: [diagnostic(3, 5, "a module needs a 'name'")]),
  ValidationCase(
    name: "duplicate module names",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n  - name: Core\n    sources: [B]\n",
    expected: [diagnostic(5, 11, "duplicate module name 'Core'; the first is at line 3, column 11")]),
  ValidationCase(
    name: "a module name starting with a digit",
    yaml: "version: 1\nmodules:\n  - name: 1Core\n    sources: [A]\n",
    expected: [diagnostic(3, 11, "'1Core' is not a valid module name: it starts with a digit")]),
  ValidationCase(
    name: "a module name with a dash",
    yaml: "version: 1\nmodules:\n  - name: my-module\n    sources: [A]\n",
    expected: [
      diagnostic(
        3, 11, "'my-module' is not a valid module name: it contains '-'; use only ASCII letters, digits and underscores"
      )
    ]),
  ValidationCase(
    name: "a module name that is a keyword",
    yaml: "version: 1\nmodules:\n  - name: class\n    sources: [A]\n",
    expected: [diagnostic(3, 11, "'class' is not a valid module name: it is a Swift keyword")]),
  ValidationCase(
    name: "an invalid glob in sources",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: ['Sources/[ab.swift']\n",
    expected: [
      diagnostic(
        4, 15, "invalid pattern 'Sources/[ab.swift' in 'sources': '[' in '[ab.swift' has no closing ']'")
    ]),
  ValidationCase(
    name: "an invalid glob in exclude",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n    exclude: ['[z-a].swift']\n",
    expected: [
      diagnostic(5, 15, "invalid pattern '[z-a].swift' in 'exclude': the range 'z-a' in '[z-a].swift' is reversed")
    ]),
  ValidationCase(
    name: "an invalid compilation condition",
    yaml: "version: 1\ncompilation-conditions: [DEBUG, FOO=1]\n" + oneModule,
    expected: [
      diagnostic(
        2, 33,
        "'FOO=1' is not a valid compilation condition: conditions have no values in Swift, they are either set or not set: write 'FOO' and test it with '#if FOO'")
    ]),

  // MARK: dependencies and external interfaces
  ValidationCase(
    name: "an unknown dependency with a suggestion",
    yaml:
      "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n  - name: Feature\n    sources: [B]\n    dependencies: [Cor]\n",
    expected: [
      diagnostic(
        7, 20,
        "unknown dependency 'Cor' of module 'Feature': no module or external interface of this manifest has that name; did you mean 'Core'?"
      )
    ]),
  ValidationCase(
    name: "an unknown dependency suggests an external interface too",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n    dependencies: [Vendr]\n"
      + "external-interfaces:\n  - name: Vendor\n    path: Vendor.implicitinterface\n",
    expected: [
      diagnostic(
        5, 20,
        "unknown dependency 'Vendr' of module 'Core': no module or external interface of this manifest has that name; did you mean 'Vendor'?"
      )
    ]),
  ValidationCase(
    name: "an unknown dependency with nothing close",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n    dependencies: [Analytics]\n",
    expected: [
      diagnostic(
        5, 20,
        "unknown dependency 'Analytics' of module 'Core': no module or external interface of this manifest has that name"
      )
    ]),
  ValidationCase(
    name: "a module that depends on itself",
    yaml: "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n    dependencies:\n      - Core\n",
    expected: [diagnostic(6, 9, "module 'Core' depends on itself")]),
  ValidationCase(
    name: "a dependency listed twice",
    yaml:
      "version: 1\nmodules:\n  - name: Core\n    sources: [A]\n  - name: App\n    sources: [B]\n    dependencies: [Core, Core]\n",
    expected: [diagnostic(7, 26, "module 'App' lists the dependency 'Core' twice")]),
  ValidationCase(
    name: "a module named like an external interface",
    yaml: "version: 1\nmodules:\n  - name: Vendor\n    sources: [A]\n"
      + "external-interfaces:\n  - name: Vendor\n    path: Vendor.implicitinterface\n",
    expected: [
      diagnostic(
        3, 11,
        "module 'Vendor' has the same name as the external interface at line 6, column 11; a name is either a module of this manifest or an external interface"
      )
    ]),
  ValidationCase(
    name: "duplicate external interface names",
    yaml: "version: 1\n" + oneModule
      + "external-interfaces:\n  - name: Vendor\n    path: A.implicitinterface\n  - name: Vendor\n    path: B.implicitinterface\n",
    expected: [diagnostic(8, 11, "duplicate external interface name 'Vendor'; the first is at line 6, column 11")]),
  ValidationCase(
    name: "an external interface with an invalid name and an empty path",
    yaml: "version: 1\n" + oneModule + "external-interfaces:\n  - name: Vendor SDK\n    path: \"\"\n",
    expected: [
      diagnostic(
        6, 11,
        "'Vendor SDK' is not a valid external interface name: it contains a space; use only ASCII letters, digits and underscores"
      ),
      diagnostic(7, 11, "'path' of external interface 'Vendor SDK' is empty"),
    ]),
  ValidationCase(
    name: "external-interfaces is not a list",
    yaml: "version: 1\n" + oneModule + "external-interfaces: Vendor\n",
    expected: [diagnostic(5, 22, "expected a list of mappings for 'external-interfaces', found a string")]),
]

@Suite("Manifest rules")
struct ManifestValidationTests {
  @Test(arguments: validationCases)
  func ruleProducesItsError(_ rule: ValidationCase) {
    #expect(manifestErrors(rule.yaml) == rule.expected)
  }

  /// `1.0` is the number 1, for the schema (JSON Schema compares numbers
  /// by value) and so for the tool.
  @Test func versionOnePointZeroIsVersionOne() throws {
    let manifest = try Manifest.parse("version: 1.0\n" + oneModule, path: "/p/implicits.yaml")
    #expect(manifest.version == 1)
  }

  @Test func everyErrorIsReportedAtOnceInFileOrder() {
    let yaml = """
      modules:
        - name: Core
          sources: [Sources]
          dependecies: [Feature]
        - name: Feature
          sources: Sources/Feature
          dependencies: [Core, Feature, Networking]
        - name: Core
      extra: true
      """
    #expect(
      manifestErrors(yaml) == [
        diagnostic(1, 1, "missing 'version'; add 'version: 1' (this tool reads version 1)"),
        diagnostic(4, 5, "unknown key 'dependecies' in module 'Core'; did you mean 'dependencies'?"),
        diagnostic(
          6, 14, "expected a list of strings for 'sources', found a string; write it as a list: [Sources/Feature]"),
        diagnostic(7, 26, "module 'Feature' depends on itself"),
        diagnostic(
          7, 35,
          "unknown dependency 'Networking' of module 'Feature': no module or external interface of this manifest has that name"
        ),
        diagnostic(8, 5, "module 'Core' has no 'sources'; list the directories or globs of its .swift files"),
        diagnostic(8, 11, "duplicate module name 'Core'; the first is at line 2, column 11"),
        diagnostic(
          9, 1,
          "unknown key 'extra' at the top level; expected one of: version, output-dir, sources-root, compilation-conditions, configurations, modules, external-interfaces"
        ),
      ])
  }

  @Test func errorsThrownAreTypedAndPrintOnePerLine() {
    do {
      _ = try Manifest.parse("version: 1\nmodules: []\nfoo: 1\n", path: "/p/implicits.yaml")
      Issue.record("expected an error")
    } catch {
      // `error` is statically a ManifestErrors: typed throws.
      #expect(error.errors.count == 2)
      #expect(error.errors[0].location == Location(line: 2, column: 10))
      #expect(error.errors[0].path == "/p/implicits.yaml")
      #expect(
        error.rendered == """
          /p/implicits.yaml:2:10: error: 'modules' is empty; a manifest declares at least one module
          /p/implicits.yaml:3:1: error: unknown key 'foo' at the top level; expected one of: version, output-dir, sources-root, compilation-conditions, configurations, modules, external-interfaces
          """)
    }
  }

  @Test func anErrorWithoutLocationOmitsLineAndColumn() {
    let error = ManifestError(path: "/p/implicits.yaml", location: nil, message: "cannot read the manifest")
    #expect(error.rendered == "/p/implicits.yaml: error: cannot read the manifest")
  }

  @Test func contextualKeywordsAreValidModuleNames() throws {
    let manifest = try Manifest.parse(
      "version: 1\nmodules:\n  - name: open\n    sources: [A]\n  - name: _Private2\n    sources: [B]\n",
      path: testManifestPath)
    #expect(manifest.modules.map(\.name) == ["open", "_Private2"])
  }
}

@Suite("Names and suggestions")
struct NameSuggestionTests {
  @Test(arguments: [
    ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0), ("Core", "core", 0),
    ("dependecies", "dependencies", 1), ("Bsae", "Base", 1), ("ab", "ba", 1), ("ca", "abc", 3),
    ("Fetaure", "Feature", 1),
  ])
  func editDistance(_ a: String, _ b: String, _ distance: Int) {
    #expect(NameSuggestions.editDistance(a, b) == distance)
  }

  @Test func closestPicksTheNearestPlausibleName() {
    let keys = ManifestDecoder.moduleKeys
    #expect(NameSuggestions.closest(to: "source", among: keys) == "sources")
    #expect(NameSuggestions.closest(to: "compilationConditions", among: keys) == "compilation-conditions")
    #expect(NameSuggestions.closest(to: "xyz", among: keys) == nil)
    #expect(NameSuggestions.closest(to: "deps", among: keys) == nil)
    #expect(NameSuggestions.closest(to: "Nope", among: ["Core", "Empty", "Feature"]) == nil)
    #expect(NameSuggestions.closest(to: "Featur", among: ["Core", "Empty", "Feature"]) == "Feature")
    #expect(NameSuggestions.closest(to: "Bsae", among: ["Base", "Core"]) == "Base")
  }

  @Test(
    arguments: [
      ("Core", nil), ("_Core2", nil), ("open", nil),
      ("2Core", "it starts with a digit"),
      ("Café", "it contains 'é'; use only ASCII letters, digits and underscores"),
      ("", "it is empty"),
      ("Self", "it is a Swift keyword"),
      ("_", "it is a Swift keyword"),
    ] as [(String, String?)])
  func identifierRules(_ name: String, _ problem: String?) {
    #expect(SwiftIdentifier.problem(with: name) == problem)
  }
}
