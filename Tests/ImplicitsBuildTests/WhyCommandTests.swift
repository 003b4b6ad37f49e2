import Foundation
import ImplicitsAnalysis
import ImplicitsInterface
import Testing

/// `implicits why KEY --module M`: the public functions of M that require
/// KEY, each with a call chain down to the read, across modules.
@Suite struct WhyCommandTests {
  @Test func chainAcrossModules() throws {
    let project = try BuildOutputTests.shop()
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
      let chains = try JSONDecoder().decode([RequirementChain].self, from: bytes)
      #expect(!chains.isEmpty)
      #expect(String(decoding: bytes, as: UTF8.self) == (try JSONText(encoding: chains).renderedCompactly), "\(module)")
    }
    let why = try CommandLineTool.run(["why", "Wallet", "--module", "App"], in: project.path)
    #expect(why.status == 0, "\(why.errors)")
    #expect(why.output.contains("Qu\"ote Ünï/Core.swift:4:3: 'Wallet' is required here by 'pay(_:)'"), "\(why.output)")
  }
}
