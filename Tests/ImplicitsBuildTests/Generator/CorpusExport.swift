import Foundation

/// Writes a generated program in the run-time corpus's layout
/// (`Tests/RuntimeCorpus/Programs/<Name>/1-Core/…`, the last module holding
/// `main.swift`), so that a finding becomes a corpus program: `main.swift`
/// runs the path that stops (`// expect: stops`), or every path the
/// harness ran (`// expect: runs`).
enum CorpusExport {
  static func write(_ outcome: ProgramBatch.Outcome, description: [String], to directory: URL) throws {
    let program = outcome.program
    let sources = ProgramRenderer(program, number: nil, traceDecisions: false).sources()
    let names = GenNames(program: nil)
    let stop = outcome.exploration.stop ?? outcome.confirmation?.stop
    var main = description.map { "// " + $0 }
    main.append("// expect: \(stop == nil ? "runs" : "stops")")
    main += ["import Core"] + (program.modules.contains(.feature) ? ["import Feature"] : []) + [""]
    let paths = stop.map { [$0.decisions] } ?? (outcome.confirmation ?? outcome.exploration).paths
    for path in paths {
      main.append("\(names.function("startPath"))(\(path))")
      main.append("\(names.function("runProgram"))()")
      main.append("\(names.function("drain"))()")
    }
    for (position, module) in program.modules.enumerated() {
      let folder = directory.appendingPathComponent("\(position + 1)-\(module.name)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try (sources[module] ?? "").write(to: folder.appendingPathComponent("\(module.name).swift"), atomically: true, encoding: .utf8)
      if module == .app {
        try (main.joined(separator: "\n") + "\n").write(
          to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
      }
    }
  }
}
