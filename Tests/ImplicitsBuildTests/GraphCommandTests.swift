import Foundation
import ImplicitsProjectGenerator
import Testing

@Suite struct GraphCommandTests {
  func project() throws -> (TemporaryDirectory, ProjectGenerator) {
    let project = try TemporaryDirectory()
    let generator = ProjectGenerator(modules: 6, totalLines: 300, fanIn: 2, filesPerModule: 1)
    try generator.write(to: project.path)
    return (project, generator)
  }

  @Test func textIsTheBuildOrder() throws {
    let (project, generator) = try project()
    let result = try CommandLineTool.run(["graph"], in: project.path)
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == generator.modules)
    let order = lines.map { $0.split(separator: " ")[1] }.map(String.init)
    for (index, name) in order.enumerated() {
      for dependency in generator.dependencies()[name] ?? [] {
        #expect(order.firstIndex(of: dependency)! < index, "\(name) listed before \(dependency)")
      }
    }
  }

  @Test func dotAndJSON() throws {
    let (project, generator) = try project()
    let dot = try CommandLineTool.run(["graph", "--format", "dot"], in: project.path)
    #expect(dot.output.hasPrefix("digraph implicits {"))
    for dependency in generator.dependencies()["App"] ?? [] {
      #expect(dot.output.contains("\"App\" -> \"\(dependency)\";"))
    }
    let json = try CommandLineTool.run(["graph", "--format", "json"], in: project.path)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((object?["order"] as? [String])?.last == "App")
    #expect((object?["modules"] as? [[String: Any]])?.count == generator.modules)
  }

  @Test func graphOfABrokenManifestExitsTwo() throws {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: A\n    sources: [A]\n    dependencies: [A]\n", to: "implicits.yaml")
    try project.write("import Implicits\n", to: "A/A.swift")
    let result = try CommandLineTool.run(["graph"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("depends on itself"))
  }
}
