import ImplicitsInterface
import Testing

@testable import ImplicitsAnalysis

/// The bodies stage's passes take the unit graph the walks made and return
/// a new one: the files' records (what an editor's next analysis takes
/// again) keep what their walks made, and the graph the solver reads has
/// what the passes added.
@Suite struct UnitGraphTests {
  /// A call of `Screen.show(_:)` in a nested scope, then, in a later
  /// function, a class declared in a body that overrides it: the late
  /// overrides' pass adds the override's call inside that scope.
  static let lateOverride = """
    import Implicits

    final class Tracker {}

    class Screen {
      func show(_ scope: ImplicitScope) {}
    }

    func present(_ screen: Screen, _ scope: ImplicitScope) {
      do {
        let scope = scope.nested()
        defer { scope.end() }
        screen.show(scope)
      }
    }

    func declareLater(_ scope: ImplicitScope) {
      final class TrackedScreen: Screen {
        override func show(_ scope: ImplicitScope) {
          @Implicit var tracker: Tracker
          _ = tracker
        }
      }
      TrackedScreen().show(scope)
    }
    """

  static func bodies(of text: String) -> (ModuleBodies, SolvedRequirements) {
    let request = AnalysisRequest(
      moduleName: "App", sources: [SourceInput(path: "App.swift", relativePath: "App.swift", contents: Array(text.utf8))])
    let parsed = ParsedModule(request, cache: nil)
    let declarations = ModuleDeclarations(parsed.files, request: request)
    let bodies = BodiesStage.build(declarations, parsed.files, reusing: nil)
    return (bodies, SolvedRequirements(bodies, keys: declarations.upstream.keys))
  }

  /// The callees of the calls in `events`, in order, with the local scope
  /// (its depth) each is made in.
  static func calls(in events: [Event], depth: Int = 0) -> [String] {
    events.flatMap { event -> [String] in
      switch event {
      case .call(let call): ["\(depth):\(call.calleeName)"]
      case .scope(let scope): calls(in: scope.events, depth: depth + 1)
      default: []
      }
    }
  }

  @Test func theLateOverridesPassReturnsAGraphAndLeavesTheRecordAsWalked() throws {
    let (bodies, solved) = Self.bodies(of: Self.lateOverride)
    let present = try #require(bodies.graph.units.first { $0.displayName == "present(_:_:)" })
    // The graph: the call in the nested scope reaches the override too.
    #expect(Self.calls(in: bodies.graph.events(of: present)) == ["1:Screen.show(_:)", "1:TrackedScreen.show(_:)"])
    // The record of the walk: only what the walk saw.
    let built = try #require(bodies.files.flatMap(\.built).first { $0.unit == present })
    #expect(Self.calls(in: built.events) == ["1:Screen.show(_:)"])
    // What the solver read: the nested scope passes the override's read out.
    #expect(solved.requirements(of: present).keys.map(\.description).sorted() == ["App.Tracker"])
  }

  @Test func aUnitIsTheSameValueWhereverItIsMet() throws {
    let (bodies, _) = Self.bodies(of: Self.lateOverride)
    let units = bodies.graph.units
    #expect(Set(units).count == units.count, "each unit once in the graph")
    #expect(Set(units.map(\.id)).count == units.count, "each with an identity of its own")
    for record in bodies.files {
      for unit in record.met { #expect(bodies.graph.number(of: unit) != nil, "\(unit.displayName) met but not numbered") }
    }
  }
}
