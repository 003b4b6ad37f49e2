import Foundation

/// The small project the build's output tests, `why`, the Ninja generator
/// and the build server's tests build.
package enum ShopProject {
  /// Core (a warning: a bag nobody reopens) and App (provides the wallet
  /// unless BROKEN is set).
  package static func make() throws -> TemporaryDirectory {
    try write(in: TemporaryDirectory())
  }

  /// Writes the shop's files into `project` (over what is there).
  @discardableResult
  package static func write(in project: TemporaryDirectory) throws -> TemporaryDirectory {
    try project.write(
      """
      version: 1
      configurations:
        Debug: [DEBUG]
        Release: []
      modules:
        - name: Core
          sources: [Core]
        - name: Feature
          sources: [Feature]
          dependencies: [Core]
        - name: App
          sources: [App]
          dependencies: [Core, Feature]
      """, to: "implicits.yaml")
    try project.write(
      """
      import Implicits

      public struct Wallet {
        public init() {}
      }

      public func pay(_ scope: ImplicitScope) {
        @Implicit var wallet: Wallet
        print(wallet)
      }

      public func later(_ scope: ImplicitScope) -> () -> Void {
        { [implicits = #implicits] in print("never reopened") }
      }
      """, to: "Core/Core.swift")
    try project.write(
      """
      import Core
      import Implicits

      public func shop(_ scope: ImplicitScope) {
        #if DEBUG
        print("debug")
        #endif
        pay(scope)
      }
      """, to: "Feature/Feature.swift")
    try project.write(
      """
      import Core
      import Feature
      import Implicits

      func run() {
        let scope = ImplicitScope()
        defer { scope.end() }
        #if !BROKEN
        @Implicit var wallet = Wallet()
        #endif
        shop(scope)
      }
      """, to: "App/main.swift")
    return project
  }
}
