import Foundation
import BenchmarkProjects

// Writes a synthetic multi-module project (the one the benchmarks and the
// integrator's tests use), so that anyone can reproduce the figures:
//
//   swift run -c release --package-path Benchmarks generate-project DIR [MODULES [LINES [LAYER-WIDTH]]]
//
// (LAYER-WIDTH: modules per layer; fewer make a deeper graph.)
//
// then `implicits build --manifest DIR/implicits.yaml`.
let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
  FileHandle.standardError.write(Data("usage: generate-project DIR [MODULES [LINES [LAYER-WIDTH]]]\n".utf8))
  exit(2)
}
let modules = arguments.dropFirst().first.flatMap { Int($0) } ?? 60
let lines = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 90_000
let width = arguments.dropFirst(3).first.map { Int($0) }
guard modules >= 2, lines > 0, width.map({ $0 != nil && $0! >= 2 }) ?? true else {
  FileHandle.standardError.write(Data("error: MODULES must be 2 or more, LINES positive, LAYER-WIDTH 2 or more\n".utf8))
  exit(2)
}
do {
  var generator = ProjectGenerator(modules: modules, totalLines: lines, fanIn: 3, filesPerModule: 6)
  if let width { generator = .deep(modules: modules, totalLines: lines, layerWidth: width!) }
  let manifest = try generator.write(to: directory)
  print("wrote \(modules) modules to \(directory); manifest: \(manifest)")
} catch {
  FileHandle.standardError.write(Data("error: cannot write the project: \(error)\n".utf8))
  exit(1)
}
