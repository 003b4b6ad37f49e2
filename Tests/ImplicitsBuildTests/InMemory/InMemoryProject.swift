import Foundation
import ImplicitsToolSupport
@testable import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsTestSupport

@testable import ImplicitsBuild

/// A project in a file system in memory, built by the real build (planner,
/// scheduler, recorder, database) with a stand-in for the analyzer, in this
/// process: deterministic, and without the disk or the binary.
///
/// A module's source is a few lines the stand-in understands:
///
///     import B        reads B's interface (as an analysis that imports B)
///     uses B          the same, where pre-flight's scan of imports does not see it
///     key flag        the module's interface declares the named key `flag`
///     warning         a warning at this line
///     error           an error at this line
///
/// Anything else is a body: it changes the source, not the interface.
final class InMemoryProject: @unchecked Sendable {
  let fileSystem = InMemoryFileSystem()
  let root = "/project"
  /// The modules the stand-in analyzed, in the order it did, per build.
  private let analyzed = LockedValue<[String]>([])

  init(modules: [(name: String, dependencies: [String], source: String)], manifestExtra: String = "") {
    var manifest = "version: 1\nsources-root: .\noutput-dir: out\n\(manifestExtra)modules:\n"
    for module in modules {
      manifest += "  - name: \(module.name)\n    sources: [\(module.name)]\n"
      if !module.dependencies.isEmpty { manifest += "    dependencies: [\(module.dependencies.joined(separator: ", "))]\n" }
      fileSystem.put(module.source, at: source(of: module.name))
    }
    fileSystem.put(manifest, at: root + "/implicits.yaml")
  }

  func source(of module: String) -> String { "\(root)/\(module)/\(module).swift" }
  var layout: BuildLayout { BuildLayout(outputDirectory: root + "/out") }

  struct Build {
    var status: Int32
    /// Modules the stand-in analyzed, in order.
    var analyzed: [String]
    /// What the build printed on standard error and output, in order.
    var lines: [String]
  }

  /// Builds with `-j jobs` and the other `options` given.
  func build(jobs: Int = 1, _ configure: (inout BuildOptions) -> Void = { _ in }) -> Build {
    analyzed.withLock { $0 = [] }
    var options = BuildOptions(manifestPath: root + "/implicits.yaml", jobs: jobs, explain: true)
    configure(&options)
    let printed = LockedValue<[String]>([])
    let console = BuildConsole(
      output: { text in printed.withLock { $0.append(text) } }, progress: { line in printed.withLock { $0.append(line) } })
    let status = BuildRunner.run(options, console: console, interruption: nil, fileSystem: fileSystem) { catalog in
      InProcessExecutor(analyze: self.standIn(catalog: catalog), fileSystem: self.fileSystem)
    }
    return Build(status: status.code, analyzed: analyzed.withLock { $0 }, lines: printed.withLock { $0 })
  }

  /// The stand-in for the analyzer.
  private func standIn(catalog: UpstreamCatalog) -> ModuleAnalysis.Analyze {
    { request in
      self.analyzed.withLock { $0.append(request.moduleName) }
      var keys: [NamedKeyDecl] = []
      var diagnostics: [Diagnostic] = []
      var upstream: [UpstreamRecord] = []
      for source in request.sources {
        let lines = String(decoding: source.contents, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
          let location = SourceLocation(file: source.path, line: number + 1, column: 1)
          let words = line.split(separator: " ").map(String.init)
          switch words.first {
          case "import" where words.count == 2, "uses" where words.count == 2:
            guard let path = catalog.interfacePath(of: words[1], for: request.moduleName),
              let bytes = try? self.fileSystem.read(path),
              let file = try? InterfaceFile(bytes: bytes, path: path, expectedModule: words[1])
            else {
              diagnostics.append(.error(.unresolvedSymbol, "no interface of '\(words[1])'", at: location))
              continue
            }
            upstream.append(UpstreamRecord(moduleName: words[1], fingerprint: file.fingerprint))
          case "key" where words.count == 2:
            keys.append(NamedKeyDecl(name: words[1], valueType: "Int", visibility: .public))
          case "warning": diagnostics.append(.warning(.unusedBag, "a warning", at: location))
          case "error": diagnostics.append(.error(.unresolvedRequirement, "an error", at: location))
          default: break
          }
        }
      }
      let content = InterfaceContent(moduleName: request.moduleName, namedKeys: keys)
      return .success(
        AnalysisResult(
          diagnostics: diagnostics, encodedInterface: InterfaceWriter.encoded(content, upstream: upstream),
          supportFile: "// \(request.moduleName): \(keys.map(\.name).joined(separator: ", "))\n", upstream: upstream))
    }
  }
}
