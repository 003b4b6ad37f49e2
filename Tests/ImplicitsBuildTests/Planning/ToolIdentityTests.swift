import ImplicitsTestSupport
import Foundation
import ImplicitsInterface
import Testing

@testable import ImplicitsBuild

/// The tool's identity in the build records: its version and the build ID
/// the linker wrote into the running executable, as `readelf` reads it.
@Suite struct ToolIdentityTests {
  @Test func theIdentityHoldsTheExecutablesBuildID() throws {
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
}
