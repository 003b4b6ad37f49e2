import ImplicitsTestSupport
import Foundation
import ImplicitsAnalysis
import ImplicitsBuild
import ImplicitsInterface
import Testing

/// `implicits why KEY --module M`: the public functions of M that require
/// KEY, each with a call chain down to the read, across modules.
@Suite struct WhyCommandTests {
  @Test func chainAcrossModules() throws {
    let project = try ShopProject.make()
    let early = try CommandLineTool.run(["why", "Wallet", "--module", "Feature"], in: project.path)
    #expect(early.status == 2)
    #expect(early.errors.contains("run 'implicits build' first"), "\(early.errors)")

    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)
    let why = try CommandLineTool.run(["why", "Wallet", "--module", "Feature"], in: project.path)
    #expect(why.status == 0, "\(why.errors)")
    #expect(
      why.output == """
        'Core.Wallet' is required by 1 public function of 'Feature':

        shop(_:)
          Feature/Feature.swift:8:3: 'pay(_:)' of module 'Core' requires 'Wallet', called here
          Core/Core.swift:8:3: 'Wallet' is required here by 'pay(_:)'

        """, "\(why.output)")
    // The qualified spelling names the same key.
    let qualified = try CommandLineTool.run(["why", "Core.Wallet", "--module", "Feature"], in: project.path)
    #expect(qualified.output == why.output)

    let none = try CommandLineTool.run(["why", "Wallet", "--module", "App"], in: project.path)
    #expect(none.status == 1)
    #expect(none.output == "no public function of 'App' requires 'Wallet'\n", "\(none.output)")
    let unknown = try CommandLineTool.run(["why", "Wallet", "--module", "Fetaure"], in: project.path)
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("no module named 'Fetaure'"), "\(unknown.errors)")
    #expect(unknown.errors.contains("did you mean 'Feature'?"), "\(unknown.errors)")
  }

  /// The chains file is the canonical JSON of its content (what the
  /// tool's JSON renderer gives for the chains it decodes to), also for
  /// paths that need escapes, and `why` reads it.
  @Test func chainsFileIsCanonicalJSON() throws {
    let project = try TemporaryDirectory()
    try project.write(
      "version: 1\nmodules:\n  - name: Core\n    sources: ['Qu\"ote Ünï']\n  - name: App\n    sources: [App]\n    dependencies: [Core]\n",
      to: "implicits.yaml")
    try project.write(
      """
      import Implicits
      public final class Wallet { public init() {} }
      public func pay(_ scope: ImplicitScope) {
        @Implicit var wallet: Wallet
      }
      public func checkout(_ scope: ImplicitScope) {
        pay(scope)
      }
      """, to: "Qu\"ote Ünï/Core.swift")
    try project.write(
      """
      import Core
      import Implicits
      public func run(_ scope: ImplicitScope) {
        checkout(scope)
      }
      """, to: "App/App.swift")
    let built = try CommandLineTool.run(["build"], in: project.path)
    #expect(built.status == 0, "\(built.output)\(built.errors)")
    for module in ["Core", "App"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: project.path + "/.implicits/state/\(module).chains.json"))
      let content = try #require(ChainsFile.read(Array(bytes)))
      #expect(!content.chains.isEmpty)
      let interface = try InterfaceFile.load(path: project.path + "/.implicits/interfaces/\(module).implicitinterface", expectedModule: module)
      #expect(content.interface == interface.fingerprint.description)
      let canonical = try JSONText.object(
        ["chains": JSONText(encoding: content.chains), "interface": .string(content.interface)]
      ).renderedCompactly
      #expect(String(decoding: bytes, as: UTF8.self) == canonical, "\(module)")
    }
    let why = try CommandLineTool.run(["why", "Wallet", "--module", "App"], in: project.path)
    #expect(why.status == 0, "\(why.errors)")
    #expect(why.output.contains("Qu\"ote Ünï/Core.swift:4:3: 'Wallet' is required here by 'pay(_:)'"), "\(why.output)")
  }

  /// After a build whose module failed, `why` says that it failed (or did
  /// not run because a dependency failed), not that it was never built.
  @Test func afterAFailedBuildWhySaysTheModuleFailed() throws {
    let project = try ShopProject.make()
    try project.write("import Implicits\npublic struct Wallet { public init() {} }\npublic func pay(_ scope: ImplicitScope) {\n  @Implicit var wallet: Wallet\n  print(wallet)\n}\nfunc broken(_ scope: ImplicitScope) {\n  @Implicit var name: String\n  print(name)\n}\nfunc caller() {\n  let scope = ImplicitScope()\n  defer { scope.end() }\n  broken(scope)\n}\n", to: "Core/Core.swift")
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 1)
    let failed = try CommandLineTool.run(["why", "Wallet", "Core"], in: project.path)
    #expect(failed.status == 2)
    #expect(failed.errors.contains("error: module 'Core' failed in the last build with 1 error, so it has no interface in "), "\(failed.errors)")
    #expect(failed.errors.contains("fix its errors and run 'implicits build' again"))
    let skipped = try CommandLineTool.run(["why", "Wallet", "--module", "Feature"], in: project.path)
    #expect(skipped.errors.contains("module 'Feature' was not analyzed in the last build: 'Core', which it depends on, failed"), "\(skipped.errors)")
    // Fixed and built again, the module is explained as usual.
    _ = try ShopProject.write(in: project)
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)
    #expect(!project.exists(".implicits/Debug/state/last-failures.txt"))
    let why = try CommandLineTool.run(["why", "Wallet", "Feature"], in: project.path)
    #expect(why.status == 0, "\(why.errors)")
  }

  /// A protocol requirement declared with `@RequiresImplicits` has no body:
  /// its chain is the declaration, also after a clean build. A named key is
  /// printed as Swift names it, and found by that spelling too.
  @Test func declaredRequirementsAndNamedKeys() throws {
    let project = try TemporaryDirectory()
    try project.write(
      "version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n  - name: Feed\n    sources: [Feed]\n    dependencies: [Core]\n",
      to: "implicits.yaml")
    try project.write(
      """
      import Implicits
      public final class Logger { public init() {} }
      extension ImplicitsKeys {
        public static let apiBaseURL = Key<String>()
      }
      public func base(_ scope: ImplicitScope) -> String {
        @Implicit(ImplicitsKeys.apiBaseURL) var url: String
        return url
      }
      """, to: "Core/Core.swift")
    try project.write(
      """
      import Core
      import Implicits
      public protocol FeedSource {
        @RequiresImplicits(.type(Logger.self))
        func load(_ scope: ImplicitScope) -> [String]
      }
      @RequiresImplicits(.type(Logger.self), .named(ImplicitsKeys.apiBaseURL))
      public func refresh(_ source: some FeedSource, _ scope: ImplicitScope) -> [String] {
        [base(scope)] + source.load(scope)
      }
      """, to: "Feed/Feed.swift")
    let built = try CommandLineTool.run(["build"], in: project.path)
    #expect(built.status == 0, "\(built.output)\(built.errors)")
    let logger = try CommandLineTool.run(["why", "Logger", "Feed"], in: project.path)
    #expect(logger.status == 0, "\(logger.errors)")
    #expect(
      logger.output == """
        'Core.Logger' is required by 2 public functions of 'Feed':

        Feed.FeedSource.load(_:)
          Feed/Feed.swift:4:3: 'Logger' is required here by '@RequiresImplicits' of 'FeedSource.load(_:)'

        refresh(_:_:)
          Feed/Feed.swift:7:1: 'Logger' is required here by '@RequiresImplicits' of 'refresh(_:_:)'

        """, "\(logger.output)")
    for spelling in ["apiBaseURL", "\\.apiBaseURL", "ImplicitsKeys.apiBaseURL"] {
      let key = try CommandLineTool.run(["why", spelling, "Feed"], in: project.path)
      #expect(key.status == 0, "\(spelling): \(key.errors)")
      #expect(
        key.output == """
          'ImplicitsKeys.apiBaseURL' (declared in 'Core') is required by 1 public function of 'Feed':

          refresh(_:_:)
            Feed/Feed.swift:7:1: '\\.apiBaseURL' is required here by '@RequiresImplicits' of 'refresh(_:_:)'

          """, "\(spelling): \(key.output)")
    }
  }

  /// `why` reads the outputs of per-module `implicits analyze` runs, as a
  /// build system's integration makes them (`--emit-chains` beside the
  /// interface), through a manifest that names their folder; chains older
  /// than the interface beside them are not current.
  @Test func perModuleAnalysesWithEmitChains() throws {
    let project = try ShopProject.make()
    let out = project.path + "/out"
    let core = try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--emit-interface", out + "/interfaces/Core.implicitinterface",
       "--emit-chains", out + "/state/Core.chains.json", project.path + "/Core/Core.swift"], in: project.path)
    #expect(core.status == 0, "\(core.errors)")
    let feature = try CommandLineTool.run(
      ["analyze", "--module-name", "Feature", "--dependency-interface", out + "/interfaces/Core.implicitinterface",
       "--emit-interface", out + "/interfaces/Feature.implicitinterface", "--emit-chains", out + "/state/Feature.chains.json",
       project.path + "/Feature/Feature.swift"], in: project.path)
    #expect(feature.status == 0, "\(feature.errors)")
    try project.write("version: 1\noutput-dir: ../out\nsources-root: ..\nmodules:\n  - name: Core\n    sources: [../Core]\n  - name: Feature\n    sources: [../Feature]\n    dependencies: [Core]\n", to: "graph/implicits.yaml")
    let why = try CommandLineTool.run(["why", "Wallet", "Feature", "--manifest", "graph/implicits.yaml"], in: project.path)
    #expect(why.status == 0, "\(why.errors)")
    #expect(why.output.contains("'Core.Wallet' is required by 1 public function of 'Feature':"), "\(why.output)")
    #expect(why.output.contains("Core/Core.swift:8:3: 'Wallet' is required here by 'pay(_:)'"), "\(why.output)")
    // Core analyzed again, its interface changed, without --emit-chains:
    // the chains left from before are not current.
    let stale = try Data(contentsOf: URL(fileURLWithPath: out + "/state/Core.chains.json"))
    try project.write("import Implicits\npublic struct Wallet { public init() {} }\npublic struct Card { public init() {} }\npublic func pay(_ scope: ImplicitScope) {\n  @Implicit var wallet: Wallet\n  @Implicit var card: Card\n}\n", to: "Core/Core.swift")
    #expect(try CommandLineTool.run(
      ["analyze", "--module-name", "Core", "--emit-interface", out + "/interfaces/Core.implicitinterface",
       project.path + "/Core/Core.swift"], in: project.path).status == 0)
    try stale.write(to: URL(fileURLWithPath: out + "/state/Core.chains.json"))
    let old = try CommandLineTool.run(["why", "Wallet", "Core", "--manifest", "graph/implicits.yaml"], in: project.path)
    #expect(old.status == 2)
    #expect(old.errors.contains("module 'Core' has no current analysis in"), "\(old.errors)")
  }

  /// The module is a positional argument or `--module`, in `why`, `graph`
  /// and `build` alike; `analyze` takes `--module` for `--module-name`.
  @Test func theModuleIsSpelledTheSameEverywhere() throws {
    let project = try ShopProject.make()
    #expect(try CommandLineTool.run(["build", "--module", "Feature"], in: project.path).errors.contains("2 analyzed"))
    let positional = try CommandLineTool.run(["why", "Wallet", "Feature"], in: project.path)
    let named = try CommandLineTool.run(["why", "Wallet", "--module", "Feature"], in: project.path)
    #expect(positional.status == 0 && positional.output == named.output, "\(positional.errors)")
    #expect(try CommandLineTool.run(["graph", "--module", "Feature"], in: project.path).output
      == (try CommandLineTool.run(["graph", "Feature"], in: project.path).output))
    let two = try CommandLineTool.run(["why", "Wallet", "Feature", "--module", "App"], in: project.path)
    #expect(two.status == 2)
    #expect(two.errors.contains("'why' takes one module, given 2: Feature, App"), "\(two.errors)")
    let none = try CommandLineTool.run(["why", "Wallet"], in: project.path)
    #expect(none.status == 2)
    #expect(none.errors.contains("'why' needs a module"), "\(none.errors)")
  }
}
