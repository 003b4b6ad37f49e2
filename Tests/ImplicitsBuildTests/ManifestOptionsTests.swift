import Foundation
import ImplicitsTestSupport
import Testing

/// Where `implicits build`, `why`, `graph` and `generate` find their
/// manifest when none is named: the nearest folder up that has one, and
/// never one another user owns: it would make the user's tools read her
/// sources and write their interfaces where that user says.
@Suite struct ManifestOptionsTests {
  static let manifest = "version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n"
  static let core = "import Implicits\npublic final class Clock { public init() {} }\n"

  @Test(.enabled(if: geteuid() == 0, "needs root, to give the manifest to another user (uid 65534), as CI runs"))
  func anotherUsersManifestInAParentIsRefused() throws {
    let shared = try TemporaryDirectory()
    chmod(shared.path, 0o1777)
    try shared.write(Self.manifest, to: "implicits.yaml")
    chown(shared.path + "/implicits.yaml", 65534, 65534)
    try shared.write(Self.core, to: "Core/Core.swift")
    for arguments in [["build"], ["graph"], ["why", "Clock", "--module", "Core"]] {
      let run = try CommandLineTool.run(arguments, in: shared.path + "/Core")
      #expect(run.status == 2, "\(arguments): \(run.errors)")
      #expect(
        run.errors.contains("error: not reading a manifest: '\(shared.path)/implicits.yaml' belongs to user 65534, not to you"),
        "\(arguments): \(run.errors)")
      #expect(run.errors.contains("IMPLICITS_SAFE_DIRECTORIES"), "\(run.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: shared.path + "/.implicits"), "the build wrote into the other user's folder")

    let allowed = try CommandLineTool.run(
      ["build"], in: shared.path + "/Core", environment: ["IMPLICITS_SAFE_DIRECTORIES": shared.path])
    #expect(allowed.status == 0, "\(allowed.errors)")
    #expect(FileManager.default.fileExists(atPath: shared.path + "/.implicits"))
  }

  /// A manifest is looked for from the current folder up, and the nearest
  /// one is taken.
  @Test func theNearestManifestIsTaken() throws {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules: []\n", to: "implicits.yaml")
    try project.write(Self.manifest, to: "inner/implicits.yaml")
    try project.write(Self.core, to: "inner/Core/Core.swift")
    let run = try CommandLineTool.run(["graph"], in: project.path + "/inner/Core")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Core"), "\(run.output)")
  }
}
