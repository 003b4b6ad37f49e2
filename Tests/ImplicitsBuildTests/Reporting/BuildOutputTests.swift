import ImplicitsTestSupport
import Foundation
import Testing

/// What `implicits build` prints: the status line on a terminal, one line
/// per module elsewhere, one line for a no-op, warnings replayed,
/// `--quiet`, `--verbose`, `--warnings-as-errors`.
@Suite struct BuildOutputTests {
  @Test func pipedBuildPrintsAnalyzedModulesThenOneLineForANoOp() throws {
    let project = try ShopProject.make()
    let cold = try CommandLineTool.run(["build", "-j", "1"], in: project.path)
    #expect(cold.status == 0, "\(cold.errors)")
    let lines = cold.errors.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains("] Analyzed ") }.count == 3, "\(cold.errors)")
    #expect(lines.last?.hasPrefix("Build succeeded: 3 analyzed, 1 warning (") == true, "\(cold.errors)")
    #expect(cold.output.contains("Core/Core.swift:13:18: warning: Unused bag"), "\(cold.output)")
    #expect(!cold.errors.contains("\u{1B}"))

    let noop = try CommandLineTool.run(["build", "-j", "1"], in: project.path)
    #expect(noop.status == 0)
    #expect(noop.errors == "implicits: no work to do, 3 up to date, 1 warning\n")
    // The warning comes back although nothing was analyzed.
    #expect(noop.output == cold.output)

    let verbose = try CommandLineTool.run(["build", "-j", "1", "--verbose"], in: project.path)
    #expect(verbose.errors.contains("[1/3] Up to date Core"), "\(verbose.errors)")
    #expect(verbose.errors.contains("[3/3] Up to date App"))
  }

  @Test func quietPrintsDiagnosticsAndTheSummaryOfAFailureOnly() throws {
    let project = try ShopProject.make()
    let quiet = try CommandLineTool.run(["build", "--quiet"], in: project.path)
    #expect(quiet.status == 0)
    #expect(quiet.errors.isEmpty, "\(quiet.errors)")
    #expect(quiet.output.contains("warning: Unused bag"))
    let noOp = try CommandLineTool.run(["build", "--quiet"], in: project.path)
    #expect(noOp.status == 0 && noOp.errors.isEmpty, "\(noOp.errors)")
    let failed = try CommandLineTool.run(["build", "--quiet", "--warnings-as-errors"], in: project.path)
    #expect(failed.status == 1)
    #expect(failed.errors.split(separator: "\n").count == 1, "\(failed.errors)")
    #expect(failed.errors.hasPrefix("Build failed: 1 failed, 2 not run, 1 error"), "\(failed.errors)")
    let both = try CommandLineTool.run(["build", "--quiet", "--verbose"], in: project.path)
    #expect(both.status == 2)
    #expect(both.errors.contains("--verbose and --quiet cannot be used together"))
  }

  @Test func jobsAreWrittenAsNinjaUsersWriteThem() throws {
    let project = try ShopProject.make()
    for arguments in [["-j2"], ["--jobs", "2"], ["-j", "0"], ["--jobs=1"]] {
      let result = try CommandLineTool.run(["build", "--quiet"] + arguments, in: project.path)
      #expect(result.status == 0, "\(arguments): \(result.errors)")
    }
    let negative = try CommandLineTool.run(["build", "--jobs=-1"], in: project.path)
    #expect(negative.status == 2)
  }

  @Test func theManifestIsFoundInParentsAndDashCRunsElsewhere() throws {
    let project = try ShopProject.make()
    try FileManager.default.createDirectory(atPath: project.path + "/deep/er", withIntermediateDirectories: true)
    let fromBelow = try CommandLineTool.run(["build"], in: project.path + "/deep/er")
    #expect(fromBelow.status == 0, "\(fromBelow.errors)")
    #expect(fromBelow.errors.contains("Build succeeded: 3 analyzed"), "\(fromBelow.errors)")
    #expect(FileManager.default.fileExists(atPath: project.path + "/.implicits"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/deep/er/.implicits"))
    let elsewhere = try TemporaryDirectory()
    let dashC = try CommandLineTool.run(["build", "-C", project.path + "/deep"], in: elsewhere.path)
    #expect(dashC.status == 0, "\(dashC.errors)")
    #expect(dashC.errors.contains("no work to do, 3 up to date"), "\(dashC.errors)")
    let graph = try CommandLineTool.run(["graph", "-C", project.path], in: elsewhere.path)
    #expect(graph.status == 0 && graph.output.contains("App"), "\(graph.errors)")
    let missing = try CommandLineTool.run(["build", "-C", project.path + "/nowhere"], in: elsewhere.path)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("-C: cannot change to"), "\(missing.errors)")
  }

  @Test func warningsAsErrorsFailsTheBuildAndKeepsTheOutputs() throws {
    let project = try ShopProject.make()
    let strict = try CommandLineTool.run(["build", "-j", "1", "--warnings-as-errors"], in: project.path)
    #expect(strict.status == 1)
    #expect(strict.output.contains("error: Unused bag"), "\(strict.output)")
    #expect(strict.errors.contains("Build failed: 1 failed, 2 not run, 1 error"), "\(strict.errors)")
    // Without the flag the warning is only a warning, and nothing is redone.
    let relaxed = try CommandLineTool.run(["build", "-j", "1"], in: project.path)
    #expect(relaxed.status == 0, "\(relaxed.errors)")
    #expect(relaxed.errors.contains("2 analyzed, 1 up to date, 1 warning"), "\(relaxed.errors)")
    // With it again, the replayed warning fails the build again.
    let again = try CommandLineTool.run(["build", "-j", "1", "--warnings-as-errors"], in: project.path)
    #expect(again.status == 1)
  }

  /// Under a pseudo-terminal (`script`), one status line rewritten in
  /// place, never wider than the terminal, gone at the end.
  @Test func statusLineOnATerminal() throws {
    let project = try ShopProject.make()
    let command = "\(CommandLineTool.executable.path) build -j 2 2>&1"
    let run = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: project.path,
      environment: ["TERM": "xterm", "COLUMNS": "32", "NO_COLOR": ""])
    #expect(run.status == 0, "\(run.output)")
    let text = run.output
    #expect(text.contains("\r[0/3] Analyzing Core\u{1B}[K"), "\(text.debugDescription)")
    // App is on the line once it starts: alone, or beside Feature, which
    // it may overlap once Feature's interface is written.
    let drawings = text.components(separatedBy: "\r").filter { $0.hasPrefix("[") }
    #expect(drawings.contains { $0.contains("Analyzing") && $0.contains("App") }, "\(text.debugDescription)")
    // No per-module lines: the status line says it.
    #expect(!text.contains("] Analyzed "))
    // Every drawing fits the 32 columns (one kept free).
    for drawing in text.components(separatedBy: "\r") where drawing.hasPrefix("[") {
      let visible = drawing.components(separatedBy: "\u{1B}[K")[0]
      #expect(visible.count <= 31, "\(visible.debugDescription)")
    }
    // The warning prints above the line, which is cleared first; the
    // summary comes after the line is gone.
    #expect(text.contains("\r\u{1B}[K"))
    // On a terminal the verdict is coloured (green), the warning's word too.
    #expect(
      text.contains("\u{1B}[K\r\u{1B}[K\u{1B}[1;32mBuild succeeded\u{1B}[0m: 3 analyzed, 1 warning"), "\(text.debugDescription)")
    #expect(text.contains("\u{1B}[1;35mwarning:\u{1B}[0m"), "\(text.debugDescription)")

    // TERM=dumb: the lines a pipe gets.
    let dumb = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: project.path,
      environment: ["TERM": "dumb"])
    #expect(dumb.output.contains("implicits: no work to do, 3 up to date, 1 warning"), "\(dumb.output)")
    #expect(!dumb.output.contains("\u{1B}"))
  }

  @Test func configurationsKeepTheirOwnOutputs() throws {
    let project = try ShopProject.make()
    let debug = try CommandLineTool.run(["build", "--configuration", "Debug", "--explain"], in: project.path)
    #expect(debug.status == 0, "\(debug.errors)")
    #expect(debug.errors.contains("configuration Debug: conditions DEBUG, outputs in "), "\(debug.errors)")
    #expect(project.exists(".implicits/Debug/interfaces/Core.implicitinterface"))
    let release = try CommandLineTool.run(["build", "--configuration", "Release"], in: project.path)
    #expect(release.errors.contains("3 analyzed"))
    #expect(project.exists(".implicits/Release/interfaces/Core.implicitinterface"))
    // Back and forth: nothing is analyzed again.
    for configuration in ["Debug", "Release"] {
      let again = try CommandLineTool.run(["build", "--configuration", configuration], in: project.path)
      #expect(again.errors == "implicits: no work to do, 3 up to date, 1 warning\n", "\(again.errors)")
    }
    // The default is the first configuration.
    let first = try CommandLineTool.run(["build"], in: project.path)
    #expect(first.errors.hasPrefix("implicits: no work to do"), "\(first.errors)")

    let unknown = try CommandLineTool.run(["build", "--configuration", "Relase"], in: project.path)
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("unknown configuration 'Relase'"), "\(unknown.errors)")
    #expect(unknown.errors.contains("did you mean 'Release'?"), "\(unknown.errors)")
  }

  @Test func definesChangeTheAnalysis() throws {
    let project = try ShopProject.make()
    let broken = try CommandLineTool.run(["build", "-D", "BROKEN"], in: project.path)
    #expect(broken.status == 1)
    #expect(broken.output.contains("App/main.swift:6:3: error: Unresolved requirement: Wallet"), "\(broken.output)")
    let valued = try CommandLineTool.run(["build", "-D", "BROKEN=1"], in: project.path)
    #expect(valued.status == 2)
    #expect(
      valued.errors.contains(
        "-D: 'BROKEN=1' is not a valid compilation condition: conditions have no values in Swift, they are either set or not set: write 'BROKEN' and test it with '#if BROKEN'"
      ), "\(valued.errors)")
  }

  /// After a failure, the output directory holds what a clean build
  /// would: nothing of the failed module nor of the modules that depend on
  /// it; temporary files of a killed build are gone.
  @Test func failedBuildLeavesWhatACleanBuildWould() throws {
    let project = try ShopProject.make()
    #expect(try CommandLineTool.run(["build"], in: project.path).status == 0)
    try project.write("left by a killed build", to: ".implicits/Debug/interfaces/.App.implicitinterface.tmp-a1b2c3d4e5f6")
    try project.edit("Core/Core.swift", replacing: "public struct Wallet {", with: "public struct Wallet {{")
    let broken = try CommandLineTool.run(["build", "-j", "1"], in: project.path)
    #expect(broken.status == 1)
    #expect(broken.errors.contains("1 failed, 2 not run"), "\(broken.errors)")
    for module in ["Core", "Feature", "App"] {
      #expect(!project.exists(".implicits/Debug/interfaces/\(module).implicitinterface"), "\(module)")
      #expect(!project.exists(".implicits/Debug/support/\(module).implicits.swift"), "\(module)")
      #expect(!project.exists(".implicits/Debug/state/\(module).chains.json"), "\(module)")
    }
    #expect(!project.exists(".implicits/Debug/interfaces/.App.implicitinterface.tmp-a1b2c3d4e5f6"))
  }

  @Test func failedReportWriteExitsTwo() throws {
    let project = try ShopProject.make()
    try project.write("a file", to: "blocked")
    let result = try CommandLineTool.run(["build", "--build-report", "blocked/report.json"], in: project.path)
    #expect(result.status == 2)
    #expect(result.errors.contains("error: cannot write the build report to 'blocked/report.json'"), "\(result.errors)")
  }

  @Test func helpShowsOneDefaultForJobs() throws {
    let help = try CommandLineTool.run(["build", "--help"], in: FileManager.default.temporaryDirectory.path)
    let line = try #require(help.output.split(separator: "\n").first { $0.contains("--jobs <n>") })
    #expect(line.components(separatedBy: "default").count == 2, "\(line)")
  }
}
