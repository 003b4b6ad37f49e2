import Foundation
import BenchmarkProjects

// Writes a synthetic multi-module project (the one the benchmarks and the
// integrator's tests use), so that anyone can reproduce the figures:
//
//   swift run -c release --package-path Benchmarks generate-project DIR [MODULES [LINES]]
//
// then `implicits build --manifest DIR/implicits.yaml`.
let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
  FileHandle.standardError.write(Data("usage: generate-project DIR [MODULES [LINES]]\n".utf8))
  exit(2)
}
let modules = arguments.dropFirst().first.flatMap { Int($0) } ?? 60
let lines = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 90_000
guard modules >= 2, lines > 0 else {
  FileHandle.standardError.write(Data("error: MODULES must be 2 or more and LINES positive\n".utf8))
  exit(2)
}
do {
  let manifest = try ProjectGenerator(modules: modules, totalLines: lines, fanIn: 3, filesPerModule: 6).write(to: directory)
  print("wrote \(modules) modules to \(directory); manifest: \(manifest)")
} catch {
  FileHandle.standardError.write(Data("error: cannot write the project: \(error)\n".utf8))
  exit(1)
}
