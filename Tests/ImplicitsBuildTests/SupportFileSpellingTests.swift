import ImplicitsTestSupport
import Foundation
import Testing

/// Every key the support file writes compiles in the module, whatever the
/// module's own type names: a module named `App` that declares a type
/// `App` (as the seed README's example does), with bags of compositions,
/// existentials, optionals, generics, function types, nested types and an
/// upstream module's types. The program runs and reads them all back.
@Suite struct SupportFileSpellingTests {
  static let core = """
    import Implicits

    public protocol Clearing { func clear() -> String }
    public struct Config { public let name: String; public init(name: String) { self.name = name } }
    public enum Network { public struct Client { public init() {} } }
    """

  static let app = """
    import Core
    import Implicits

    // The module declares a type of its own name, as the seed README's example does.
    struct App {}

    protocol Syncing { func sync() -> String }
    final class Cache: Clearing, Syncing {
      func clear() -> String { "cleared" }
      func sync() -> String { "synced" }
    }
    enum Settings { struct Theme { let name: String } }
    struct Box<T> { let value: T }

    func read(_ scope: ImplicitScope) -> String {
      @Implicit var store: Clearing & Syncing
      @Implicit var config: Config
      @Implicit var client: Network.Client
      @Implicit var theme: Settings.Theme
      @Implicit var maybe: (any Clearing & Syncing)?
      @Implicit var boxes: [Box<Config>]
      @Implicit var format: (Int) -> String
      @Implicit var app: App
      _ = (client, app)
      return [store.clear(), store.sync(), config.name, theme.name, maybe?.sync() ?? "none", boxes[0].value.name, format(3)]
        .joined(separator: " ")
    }

    final class Later {
      let implicits = #implicits
      init(_ scope: ImplicitScope) {}
      func run() -> String {
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return read(scope)
      }
    }

    @main struct Main {
      static func main() {
        let later: Later
        do {
          let scope = ImplicitScope()
          defer { scope.end() }
          @Implicit var store: Clearing & Syncing = Cache()
          @Implicit var config = Config(name: "core")
          @Implicit var client = Network.Client()
          @Implicit var theme = Settings.Theme(name: "dark")
          @Implicit var maybe: (any Clearing & Syncing)? = nil
          @Implicit var boxes: [Box<Config>] = [Box(value: Config(name: "boxed"))]
          @Implicit var format: (Int) -> String = { "#\\($0)" }
          @Implicit var app = App()
          later = Later(scope)
        }
        print(later.run())
      }
    }
    """

  @Test func keysOfEveryShapeCompileInAModuleNamedLikeItsType() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.core, to: "Core.swift")
    try directory.write(Self.app, to: "App.swift")
    for (module, upstream) in [("Core", [String]()), ("App", ["--dependency-interface", "Core.implicitinterface"])] {
      let analysis = try CommandLineTool.run(
        ["analyze", "--module-name", module, "--emit-interface", "\(module).implicitinterface",
          "--emit-support-file", "\(module).implicits.swift"] + upstream + ["\(module).swift"],
        in: directory.path)
      #expect(analysis.status == 0, "\(analysis.output)\(analysis.errors)")
    }
    let support = try directory.read("App.implicits.swift")
    #expect(support.contains(".type(((Syncing & Clearing)).self)"), "\(support)")
    #expect(!support.contains("App.Syncing"), "\(support)")

    let core = try RuntimeCompiler.swiftc(
      ["-O", "-wmo", "-parse-as-library", "-emit-module", "-emit-module-path", "Core.swiftmodule", "-c", "-o", "Core.o"]
        + RuntimeCompiler.importArguments(moduleName: "Core") + ["Core.swift", "Core.implicits.swift"],
      in: directory.path)
    #expect(core.status == 0, "\(core.errors)")
    let app = try RuntimeCompiler.swiftc(
      ["-O", "-wmo", "-parse-as-library", "-c", "-o", "App.o", "-I", directory.path]
        + RuntimeCompiler.importArguments(moduleName: "App") + ["App.swift", "App.implicits.swift"],
      in: directory.path)
    #expect(app.status == 0, "\(app.errors)")
    let link = try RuntimeCompiler.swiftc(
      ["-o", "app", "Core.o", "App.o"] + RuntimeCompiler.runtimeObjects(), in: directory.path)
    #expect(link.status == 0, "\(link.errors)")
    let run = try CommandLineTool.run(executable: URL(fileURLWithPath: directory.path + "/app"), [], in: directory.path)
    #expect(run.output == "cleared synced core dark none boxed #3\n", "\(run.errors)")
  }
}
