import Foundation
import ImplicitsTestSupport
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
    // The drawing is the transitive reduction: it reaches exactly what the
    // graph reaches, and no edge it draws is implied by a longer path.
    var drawn: [String: Set<String>] = [:]
    for line in dot.output.split(separator: "\n") where line.contains(" -> ") {
      let names = line.split(separator: "\"").map(String.init)
      drawn[names[1], default: []].insert(names[3])
    }
    func reach(_ edges: [String: Set<String>], from start: String) -> Set<String> {
      var seen = Set<String>()
      var pending = Array(edges[start] ?? [])
      while let next = pending.popLast() {
        guard seen.insert(next).inserted else { continue }
        pending += edges[next] ?? []
      }
      return seen
    }
    let full = generator.dependencies().mapValues(Set.init)
    for name in generator.moduleNames {
      #expect(reach(drawn, from: name) == reach(full, from: name), "\(name)")
      for target in drawn[name] ?? [] {
        let others = (drawn[name] ?? []).subtracting([target])
        #expect(!others.contains { reach(drawn, from: $0).contains(target) }, "\(name) -> \(target) is implied")
      }
    }
    #expect(drawn.values.map(\.count).reduce(0, +) < full.values.map(\.count).reduce(0, +))
    let json = try CommandLineTool.run(["graph", "--format", "json"], in: project.path)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((object?["order"] as? [String])?.last == "App")
    #expect((object?["modules"] as? [[String: Any]])?.count == generator.modules)
  }

  @Test func oneModuleAndItsDependents() throws {
    let (project, generator) = try project()
    let dependencies = generator.dependencies()
    let target = try #require(generator.moduleNames.first { (dependencies[$0] ?? []).count >= 1 && $0 != "App" })
    var expected = Set([target])
    var pending = dependencies[target] ?? []
    while let next = pending.popLast() {
      guard expected.insert(next).inserted else { continue }
      pending += dependencies[next] ?? []
    }
    let down = try CommandLineTool.run(["graph", target], in: project.path)
    #expect(down.status == 0, "\(down.errors)")
    let shown = Set(down.output.split(separator: "\n").map { line in
      String(line.split(separator: " ")[1])
    })
    #expect(shown == expected)

    let up = try CommandLineTool.run(["graph", target, "--reverse"], in: project.path)
    let dependents = Set(up.output.split(separator: "\n").map { String($0.split(separator: " ")[1]) })
    #expect(dependents.contains(target) && dependents.contains("App"))
    for name in dependents where name != target {
      #expect(!expected.contains(name), "\(name) is a dependency of \(target), not a dependent")
    }

    let unknown = try CommandLineTool.run(["graph", "Nope"], in: project.path)
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("no module named 'Nope'"))
    let lonely = try CommandLineTool.run(["graph", "--reverse"], in: project.path)
    #expect(lonely.status == 2)
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
