import Foundation
import Testing

@testable import ImplicitsManifest

/// The JSON Schema in Config/ checked with Python's `jsonschema` (and the
/// YAML read with Python's `yaml`), so that what editors are told matches
/// what the tool accepts.
@Suite("JSON Schema")
struct SchemaTests {
  /// The repository root: this file is Tests/ImplicitsManifestTests/.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let config = repository.appendingPathComponent("Config")
  static let schema = config.appendingPathComponent("implicits-manifest.schema.json")

  static var exampleManifests: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: config.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { config.appendingPathComponent($0) }
  }

  /// Prints, for each YAML text read from the JSON array on standard input,
  /// the schema's error messages for it (an empty list when it is valid).
  static let validator = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("the Python module 'jsonschema' is missing: run 'pip install jsonschema'")
        sys.exit(3)
    try:
        import yaml
    except ImportError:
        print("the Python module 'yaml' is missing: run 'pip install pyyaml'")
        sys.exit(3)
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    results = []
    for text in json.load(sys.stdin):
        document = yaml.safe_load(text)
        results.append(sorted(e.message for e in validator.iter_errors(document)))
    print(json.dumps(results))
    """

  /// The schema's errors for each text; records an issue (and returns nil)
  /// if Python or its modules are missing or the schema is invalid.
  static func schemaErrors(for texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [[String]]?
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", validator, schema.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    do {
      try process.run()
    } catch {
      Issue.record(
        "cannot run python3 (\(error)); install Python 3 and 'pip install jsonschema pyyaml'",
        sourceLocation: sourceLocation)
      return nil
    }
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: texts))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      Issue.record(
        "schema check failed (exit \(process.terminationStatus)); if a module is missing, run 'pip install jsonschema':\n\(text)",
        sourceLocation: sourceLocation)
      return nil
    }
    return try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
  }

  @Test func everyExampleManifestValidatesAgainstTheSchema() throws {
    let manifests = Self.exampleManifests
    try #require(!manifests.isEmpty, "no Config/*.yaml found in \(Self.config.path)")
    #expect(manifests.contains { $0.lastPathComponent == "example.implicits.yaml" })
    let texts = try manifests.map { try String(contentsOf: $0, encoding: .utf8) }
    let results = try #require(try Self.schemaErrors(for: texts))
    for (manifest, errors) in zip(manifests, results) {
      #expect(errors == [], "\(manifest.lastPathComponent) does not match the schema")
    }
  }

  @Test func everyExampleManifestLoads() throws {
    for manifest in Self.exampleManifests {
      #expect(throws: Never.self, "\(manifest.lastPathComponent)") { try Manifest.load(path: manifest.path) }
    }
    let example = try Manifest.load(path: Self.config.appendingPathComponent("example.implicits.yaml").path)
    #expect(example.modules.map(\.name) == ["Core", "Networking", "Profile", "App"])
    #expect(example.externalInterfaces.map(\.name) == ["AnalyticsSDK"])
  }

  /// The schema is as strict as the tool on what it can express: each of
  /// these is rejected by both, and the valid one accepted by both.
  @Test func theSchemaRejectsWhatTheToolRejects() throws {
    let module = "modules:\n  - name: Core\n    sources: [Sources]\n"
    let valid = [
      "version: 1\n" + module,
      "version: 1.0\n" + module,
      "version: 1\nconfigurations:\n  Debug: [DEBUG]\n  Release: []\n  beta-2.1: [BETA]\n" + module,
    ]
    let invalid = [
      "version: 1\nconfigurations:\n  Debug: [DEBUG=1]\n" + module,
      "version: 1\nconfigurations:\n  -Debug: [DEBUG]\n" + module,
      "version: 1\nconfigurations:\n  Debug: DEBUG\n" + module,
      "modules:\n  - name: Core\n    sources: [Sources]\n",  // no version
      "version: 2\nmodules:\n  - name: Core\n    sources: [Sources]\n",
      "version: 1\nmodules: []\n",
      "version: 1\nmodule:\n  - name: Core\n    sources: [Sources]\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    dependecies: []\n",
      "version: 1\nmodules:\n  - name: Core\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: []\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: Sources\n",
      "version: 1\nmodules:\n  - name: 1Core\n    sources: [Sources]\n",
      "version: 1\nmodules:\n  - name: my-module\n    sources: [Sources]\n",
      "version: 1\nmodules:\n  - name: class\n    sources: [Sources]\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\n    dependencies: [A, A]\n",
      "version: 1\ncompilation-conditions: [FOO=1]\nmodules:\n  - name: Core\n    sources: [Sources]\n",
      "version: 1\noutput-dir: ''\nmodules:\n  - name: Core\n    sources: [Sources]\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\nexternal-interfaces:\n  - name: V\n",
      "version: 1\nmodules:\n  - name: Core\n    sources: [Sources]\nexternal-interfaces:\n  - name: V\n    path: v\n    pth: v\n",
    ]
    let results = try #require(try Self.schemaErrors(for: valid + invalid))
    for (text, errors) in zip(valid, results) {
      #expect(errors == [], "the schema rejects:\n\(text)")
      #expect(throws: Never.self, "the tool rejects:\n\(text)") { try Manifest.parse(text, path: testManifestPath) }
    }
    for (text, errors) in zip(invalid, results.dropFirst(valid.count)) {
      #expect(!errors.isEmpty, "the schema accepts:\n\(text)")
      #expect(throws: ManifestErrors.self, "the tool accepts:\n\(text)") {
        try Manifest.parse(text, path: testManifestPath)
      }
    }
  }

  @Test func theSchemaListsTheSameKeywordsAsTheTool() throws {
    let data = try Data(contentsOf: Self.schema)
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    let identifier = try #require(definitions["identifier"] as? [String: Any])
    let keywords = try #require((identifier["not"] as? [String: Any])?["enum"] as? [String])
    #expect(Set(keywords) == SwiftIdentifier.reservedWords)
    #expect(identifier["pattern"] as? String == "^[A-Za-z_][A-Za-z0-9_]*$")
  }
}
