import ImplicitsTestSupport
import Foundation
import ImplicitsInterface
import Testing

@testable import ImplicitsBuild

/// The tool's identity in the build records: its version and the build ID
/// the linker wrote into the running executable, as `readelf` reads it.
@Suite struct ToolIdentityTests {
  @Test func theIdentityHoldsTheExecutablesBuildID() throws {
    #expect(ToolIdentity.of(executable: "/proc/self/exe") == ToolIdentity.current)
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let readelf = try CommandLineTool.run(executable: URL(fileURLWithPath: "/usr/bin/readelf"), ["-n", executable], in: "/")
    let line = try #require(readelf.output.split(separator: "\n").first { $0.contains("Build ID:") }, "\(readelf.output)")
    let id = String(line.split(separator: " ").last!)
    #expect(id.count == 40)
    #expect(ToolIdentity.buildID() == id)
    #expect(ToolIdentity.current == "\(ToolVersion.current) build \(id.prefix(12))")
  }

  @Test func notesWithoutABuildIDGiveNone() {
    // One note of another type (1, "GNU"), then the end.
    let notes: [UInt8] = [4, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0] + Array("GNU\u{0}".utf8) + [1, 2, 3, 4]
    #expect(notes.withUnsafeBytes { ToolIdentity.gnuBuildID(in: $0) } == nil)
    let withID: [UInt8] = notes + [4, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0] + Array("GNU\u{0}".utf8) + [0xAB, 0xCD, 0, 0]
    #expect(withID.withUnsafeBytes { ToolIdentity.gnuBuildID(in: $0) } == [0xAB, 0xCD])
  }

  /// A program that embeds the build and starts the workers of another
  /// executable (the command line) checks records against that
  /// executable's identity, which its workers wrote: the second build
  /// finds every module up to date. Its own identity would have made the
  /// tool look changed in every build.
  @Test func aBuildWithAnotherExecutablesWorkersChecksAgainstTheirIdentity() throws {
    let worker = CommandLineTool.executable.path
    #expect(ToolIdentity.of(executable: worker) != ToolIdentity.current)
    let project = try ShopProject.make()
    var options = BuildOptions(manifestPath: project.path + "/implicits.yaml", jobs: 2, reportPath: project.path + "/report.json")
    options.workerExecutable = worker
    let quiet = BuildConsole(output: { _ in }, progress: { _ in })
    #expect(BuildRunner.run(options, console: quiet).code == 0)
    #expect(try Report.read(project.path + "/report.json").names("analyzed") == ["Core", "Feature", "App"])
    #expect(BuildRunner.run(options, console: quiet).code == 0)
    #expect(try Report.read(project.path + "/report.json").names("up-to-date") == ["Core", "Feature", "App"])
  }
}
