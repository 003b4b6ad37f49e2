import ImplicitsFileSystem
import Testing

@testable import ImplicitsBuild

/// The build's decisions, in memory (`InMemoryProject`): what runs, in what
/// order, what a no-op reads, what early cutoff saves, what a failure
/// leaves. The model is ninja's build_test.cc: a real plan and a real
/// scheduler, a stand-in for the command, a file system in memory.
@Suite struct PlanAndExecuteTests {
  /// Core ← Feed, Cart ← App.
  static func diamond() -> InMemoryProject {
    InMemoryProject(modules: [
      ("Core", [], "key clock\nbody 1\n"),
      ("Feed", ["Core"], "import Core\nkey feed\n"),
      ("Cart", ["Core"], "import Core\n"),
      ("App", ["Feed", "Cart"], "import Feed\nimport Cart\n"),
    ])
  }

  @Test func aColdBuildAnalyzesEveryModuleAfterWhatItDependsOn() {
    let project = Self.diamond()
    let build = project.build()
    #expect(build.status == 0, "\(build.lines)")
    #expect(Set(build.analyzed) == ["Core", "Feed", "Cart", "App"])
    #expect(build.analyzed.first == "Core" && build.analyzed.last == "App")
    for module in ["Core", "Feed", "Cart", "App"] {
      #expect(project.fileSystem.text(at: project.layout.supportFile(of: module)) != nil)
      #expect(project.fileSystem.text(at: project.layout.interface(of: module)) != nil)
    }
  }

  @Test func aNoOpBuildRunsNothingAndReadsNoSource() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.clearLog()
    let build = project.build()
    #expect(build.status == 0)
    #expect(build.analyzed.isEmpty)
    #expect(build.lines.contains("implicits: no work to do, 4 up to date"), "\(build.lines)")
    let sourcesRead = project.fileSystem.reads.filter { $0.hasSuffix(".swift") && !$0.contains("/out/") }
    #expect(sourcesRead.isEmpty, "a no-op build read \(sourcesRead)")
    #expect(project.fileSystem.writes.filter { !$0.hasSuffix("build.db") }.isEmpty, "\(project.fileSystem.writes)")
  }

  @Test func aBodyEditReanalyzesItsModuleAlone() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.put("key clock\nbody 2\n", at: project.source(of: "Core"))
    let build = project.build()
    #expect(build.analyzed == ["Core"])
    #expect(build.lines.contains("  Core: analyzed: sources changed: Core/Core.swift"), "\(build.lines)")
    #expect(build.lines.contains("  Feed: up-to-date: sources, options and upstream interfaces unchanged"))
  }

  @Test func anInterfaceChangeReanalyzesTheModulesThatReadIt() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.put("key clock\nkey network\n", at: project.source(of: "Core"))
    let build = project.build()
    #expect(build.analyzed.first == "Core")
    #expect(Set(build.analyzed) == ["Core", "Feed", "Cart"])
    #expect(build.lines.contains("  Feed: analyzed: the interface of 'Core' changed"), "\(build.lines)")
    // Feed's and Cart's interfaces came out the same: App is not analyzed again.
    #expect(build.lines.contains("  App: up-to-date: sources, options and upstream interfaces unchanged"))
  }

  @Test func aTouchedFileIsReadOnceThenRemembered() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.touch(project.source(of: "Cart"))
    project.fileSystem.clearLog()
    #expect(project.build().analyzed.isEmpty)
    #expect(project.fileSystem.reads.contains(project.source(of: "Cart")))
    project.fileSystem.clearLog()
    #expect(project.build().analyzed.isEmpty)
    #expect(!project.fileSystem.reads.contains(project.source(of: "Cart")))
  }

  @Test func anOutputChangedByHandIsWrittenAgain() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.put("// edited\n", at: project.layout.supportFile(of: "Feed"))
    let build = project.build()
    #expect(build.analyzed == ["Feed"])
    #expect(build.lines.contains("  Feed: analyzed: its support file is missing or was modified"), "\(build.lines)")
    #expect(project.fileSystem.text(at: project.layout.supportFile(of: "Feed")) == "// Feed: feed\n")
  }

  @Test func aConditionChangesTheOptionsOfEveryModule() {
    let project = Self.diamond()
    _ = project.build()
    let build = project.build { $0.defines = ["DEBUG"] }
    #expect(Set(build.analyzed) == ["Core", "Feed", "Cart", "App"])
    #expect(build.lines.contains("  Core: analyzed: its options or dependencies changed"))
  }

  @Test func aFailureRemovesItsOutputsAndThoseOfWhatDependsOnIt() {
    let project = Self.diamond()
    _ = project.build()
    project.fileSystem.put("import Core\nerror\n", at: project.source(of: "Feed"))
    let build = project.build()
    #expect(build.status == 1)
    #expect(build.analyzed == ["Feed"])
    #expect(build.lines.contains { $0.contains("Feed/Feed.swift:2:1: error: an error") }, "\(build.lines)")
    #expect(build.lines.contains("  App: not-run: 'Feed', which it depends on, failed or did not run"))
    for module in ["Feed", "App"] {
      #expect(project.fileSystem.text(at: project.layout.interface(of: module)) == nil, "\(module)")
    }
    // What did not depend on the failure keeps its outputs.
    #expect(project.fileSystem.text(at: project.layout.interface(of: "Cart")) != nil)
    #expect(project.fileSystem.text(at: LastBuildFailures.path(in: project.layout))?.contains("Feed\tfailed in the last build with 1 error") == true)
    // Fixed, the failed module and what it held back run again; nothing else.
    project.fileSystem.put("import Core\nkey feed\n", at: project.source(of: "Feed"))
    let fixed = project.build()
    #expect(fixed.status == 0)
    #expect(fixed.analyzed == ["Feed", "App"])
  }

  @Test func keepGoingAnalyzesWhatDoesNotDependOnAFailure() {
    let project = InMemoryProject(modules: [
      ("Broken", [], "error\n"),
      ("Above", ["Broken"], "import Broken\n"),
      ("Aside", [], "key aside\n"),
    ])
    let stopping = project.build()
    #expect(stopping.status == 1)
    #expect(stopping.analyzed == ["Broken"])
    let going = project.build { $0.keepGoing = true }
    #expect(going.status == 1)
    #expect(Set(going.analyzed) == ["Broken", "Aside"])
    #expect(going.lines.contains("  Above: not-run: 'Broken', which it depends on, failed or did not run"))
  }

  @Test func warningsAreReplayedWhileTheModuleIsUpToDate() {
    let project = InMemoryProject(modules: [("Solo", [], "warning\n")])
    let first = project.build()
    #expect(first.status == 0)
    let second = project.build()
    #expect(second.analyzed.isEmpty)
    #expect(second.lines.contains { $0.contains("Solo/Solo.swift:1:1: warning: a warning") }, "\(second.lines)")
    let strict = project.build { $0.warningsAsErrors = true }
    #expect(strict.status == 1)
    #expect(strict.analyzed.isEmpty, "its outputs are right: it is not analyzed again")
  }

  /// A module reads only interfaces below it: the catalog refuses one that
  /// is not, even when its file exists.
  @Test func anInterfaceOutsideTheModulesClosureIsNotRead() {
    let project = InMemoryProject(modules: [
      ("Left", [], "key left\n"),
      ("Right", [], "uses Left\n"),
    ])
    let build = project.build()
    #expect(build.status == 1)
    #expect(build.lines.contains { $0.contains("error: no interface of 'Left'") }, "\(build.lines)")
  }
}
