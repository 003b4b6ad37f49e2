import Foundation

/// Writes synthetic multi-module projects for the build integrator's tests
/// and the benchmarks: valid Swift that uses implicits the way real code
/// does (scope-taking functions calling across modules, named keys, stored
/// implicits, bags in closures and stored properties, nested scopes,
/// `Implicit.map`), plus an `implicits.yaml` manifest describing it.
///
/// Modules are laid out in layers, as in real projects: module `M<i>`
/// depends on up to `fanIn` modules of earlier layers (at least one of the
/// layer just before, the others chosen by a seeded generator), so that a
/// build can analyze the modules of one layer in parallel. Each declares a service
/// type `Service<i>` and a named key `flag<i>`, and exports `M<i>Entry.run`,
/// which requires its own service and key and whatever the entries of its
/// dependencies require. The last module, `App`, provides everything in a
/// root scope.
public struct ProjectGenerator: Sendable {
  public var modules: Int
  /// Roughly how many lines the whole project has.
  public var totalLines: Int
  public var fanIn: Int
  public var filesPerModule: Int
  public var seed: UInt64
  /// Dependencies to use instead of the layers (module name → the modules
  /// it depends on); `App` always depends on every other module.
  public var dependencyOverride: [String: [String]]?
  /// How many modules a layer holds: the square root of the libraries'
  /// count unless set (fewer make a deeper graph).
  public var layerWidth: Int

  public init(modules: Int, totalLines: Int, fanIn: Int = 3, filesPerModule: Int = 6, seed: UInt64 = 42) {
    precondition(modules >= 2, "a project has at least a library and the app")
    self.modules = modules
    self.totalLines = totalLines
    self.fanIn = fanIn
    self.filesPerModule = filesPerModule
    self.seed = seed
    layerWidth = max(2, Int(Double(modules - 1).squareRoot().rounded()))
  }

  /// Layers of `layerWidth` modules: a graph `modules / layerWidth`
  /// layers deep, where the longest chain of dependent modules decides
  /// how long a build on many cores takes.
  public static func deep(modules: Int, totalLines: Int, layerWidth: Int) -> ProjectGenerator {
    var generator = ProjectGenerator(modules: modules, totalLines: totalLines)
    generator.layerWidth = max(2, layerWidth)
    return generator
  }

  /// Module names in dependency order; the last is `App`.
  public var moduleNames: [String] { (0..<(modules - 1)).map { "M\($0)" } + ["App"] }

  /// `short` modules that depend on nothing (`M0`…), then one chain of
  /// `chain` modules, each depending on the one before, each module about
  /// `linesPerModule` lines: the graph on which the order of starts matters
  /// most (build order runs the short ones first).
  public static func chainBesideShortOnes(chain: Int, short: Int, linesPerModule: Int) -> ProjectGenerator {
    var generator = ProjectGenerator(
      modules: chain + short + 1, totalLines: linesPerModule * (chain + short), fanIn: 1, filesPerModule: 6)
    var dependencies: [String: [String]] = [:]
    for index in 0..<(chain + short) { dependencies["M\(index)"] = index > short ? ["M\(index - 1)"] : [] }
    dependencies["App"] = (0..<(chain + short)).map { "M\($0)" }
    generator.dependencyOverride = dependencies
    return generator
  }

  /// The modules each module depends on.
  public func dependencies() -> [String: [String]] {
    if let dependencyOverride { return dependencyOverride }
    var random = SeededRandom(seed: seed)
    var result: [String: [String]] = [:]
    let names = moduleNames
    let libraries = modules - 1
    for (index, name) in names.enumerated() {
      if name == "App" {
        result[name] = Array(names.dropLast())
        continue
      }
      let layer = index / layerWidth
      guard layer > 0 else {
        result[name] = []
        continue
      }
      let previousLayer = ((layer - 1) * layerWidth)..<min(layer * layerWidth, libraries)
      let earlier = 0..<(layer * layerWidth)
      var chosen = [names[previousLayer.lowerBound + random.next(below: previousLayer.count)]]
      var attempts = 0
      while chosen.count < min(fanIn, earlier.count) && attempts < 20 {
        let candidate = names[random.next(below: earlier.count)]
        if !chosen.contains(candidate) { chosen.append(candidate) }
        attempts += 1
      }
      result[name] = chosen.sorted { names.firstIndex(of: $0)! < names.firstIndex(of: $1)! }
    }
    return result
  }

  /// Writes the project under `directory`: `implicits.yaml` and
  /// `Modules/<Name>/Sources/*.swift`. Returns the manifest's path.
  @discardableResult
  public func write(to directory: String) throws -> String {
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let dependencies = dependencies()
    var manifest = "version: 1\noutput-dir: .implicits\nmodules:\n"
    for name in moduleNames {
      let sources = "\(directory)/Modules/\(name)/Sources"
      try manager.createDirectory(atPath: sources, withIntermediateDirectories: true)
      for (file, text) in moduleFiles(name, dependencies: dependencies[name] ?? []) {
        try text.write(toFile: "\(sources)/\(file)", atomically: true, encoding: .utf8)
      }
      let deps = (dependencies[name] ?? []).joined(separator: ", ")
      manifest += "  - name: \(name)\n    sources: [Modules/\(name)/Sources]\n    dependencies: [\(deps)]\n"
    }
    let path = "\(directory)/implicits.yaml"
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  // MARK: Sources

  func moduleFiles(_ name: String, dependencies: [String]) -> [(String, String)] {
    if name == "App" { return [("App.swift", appFile(dependencies: dependencies))] }
    let index = Int(name.dropFirst())!
    let linesPerFile = max(40, totalLines / max(1, modules - 1) / filesPerModule)
    var files = [("\(name)Entry.swift", entryFile(index: index, dependencies: dependencies))]
    for file in 0..<filesPerModule {
      files.append(("\(name)Part\(file).swift", partFile(index: index, file: file, lines: linesPerFile)))
    }
    return files
  }

  /// The module's public surface: its service, its key, and its entry.
  func entryFile(index: Int, dependencies: [String]) -> String {
    let imports = (["Implicits"] + dependencies).map { "import \($0)" }.joined(separator: "\n")
    let calls = dependencies.map { "    \($0)Entry.run(scope)" }.joined(separator: "\n")
    return """
      \(imports)

      public final class Service\(index) {
        public init() {}
        public func record(_ value: Int) -> Int { value &+ \(index) }
      }

      extension ImplicitsKeys {
        public static let flag\(index) = Key<Bool>()
      }

      public enum M\(index)Entry {
        public static func run(_ scope: ImplicitScope) {
          let scope = scope.nested()
          defer { scope.end() }
          @Implicit var service: Service\(index)
          @Implicit(\\.flag\(index)) var flag: Bool
          @Implicit var counter = Counter\(index)(start: flag ? 1 : 0)
          _ = service.record(counter.value)
      \(calls)
          Part0Component\(index)(scope).work()
        }
      }

      final class Counter\(index) {
        let value: Int
        init(start: Int) { value = start }
      }

      """
  }

  /// Internal code of the module: components with stored implicits, bags,
  /// call chains, and plain code around them.
  func partFile(index: Int, file: Int, lines: Int) -> String {
    var out = "import Implicits\n\n"
    out += """
      final class Part\(file)Component\(index) {
        @Implicit var service: Service\(index)
        private let implicits = #implicits

        init(_ scope: ImplicitScope) {
          step0(scope)
        }

        func work() {
          let scope = ImplicitScope(with: implicits)
          defer { scope.end() }
          helper\(file)_\(index)(scope)
        }

        func step0(_ scope: ImplicitScope) {
          step1(scope)
        }

        func step1(_ scope: ImplicitScope) {
          @Implicit var counter: Counter\(index)
          _ = counter.value
        }
      }

      func helper\(file)_\(index)(_ scope: ImplicitScope) {
          @Implicit var service: Service\(index)
          let values = (0..<8).map { service.record($0) }
          _ = values.reduce(0, &+)
      }

      """
    if file + 1 < filesPerModule {
      out += """

        extension Part\(file)Component\(index) {
          func next(_ scope: ImplicitScope) -> Part\(file + 1)Component\(index) {
            Part\(file + 1)Component\(index)(scope)
          }

          func makeHandler(_ scope: ImplicitScope) -> (Int) -> Int {
            { [implicits = #implicits] value in
              let scope = ImplicitScope(with: implicits)
              defer { scope.end() }
              @Implicit var service: Service\(index)
              return service.record(value)
            }
          }
        }

        """
    }
    var block = 0
    while out.split(separator: "\n", omittingEmptySubsequences: false).count < lines {
      out += plainCode(index: index, file: file, block: block)
      block += 1
    }
    return out
  }

  /// Code with no implicits at all, the bulk of any real module.
  public func plainCode(index: Int, file: Int, block: Int) -> String {
    let name = "Plain\(index)_\(file)_\(block)"
    return """

      struct \(name): Equatable {
        var identifier: Int
        var title: String
        var tags: [String]

        static func make(_ count: Int) -> [\(name)] {
          (0..<count).map { \(name)(identifier: $0, title: "item \\($0)", tags: $0 % 2 == 0 ? ["even"] : ["odd"]) }
        }

        func summary() -> String {
          switch identifier % 3 {
          case 0: return "\\(title): \\(tags.joined(separator: ","))"
          case 1: return title.uppercased()
          default:
            var text = ""
            for tag in tags where !tag.isEmpty {
              text += tag
            }
            return text
          }
        }
      }

      """
  }

  func appFile(dependencies: [String]) -> String {
    let imports = (["Implicits"] + dependencies).map { "import \($0)" }.joined(separator: "\n")
    var provides = ""
    for dependency in dependencies {
      let index = dependency.dropFirst()
      provides += "  @Implicit var service\(index) = Service\(index)()\n"
      provides += "  @Implicit(ImplicitsKeys.flag\(index)) var flag\(index) = true\n"
    }
    let calls = dependencies.map { "  \($0)Entry.run(scope)" }.joined(separator: "\n")
    return """
      \(imports)

      func runApp() {
        let scope = ImplicitScope()
        defer { scope.end() }
      \(provides)\(calls)
      }

      """
  }
}
