import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsTestSupport
import Testing

@testable import ImplicitsBuild
@testable import ImplicitsLanguageServer

/// After a build, an upstream module whose interface file is current is
/// read from that file (on the server's file system), not analyzed again.
@Suite struct BuiltInterfaceTests {
  /// Builds `Core` on `fileSystem`, in this process; the build's status.
  func buildCore(on fileSystem: any FileSystem) -> Int32 {
    let options = BuildOptions(manifestPath: TestProject.manifest, jobs: 1, modules: ["Core"])
    let console = BuildConsole(output: { _ in }, progress: { _ in })
    return BuildRunner.run(options, console: console, interruption: nil, fileSystem: fileSystem) { catalog in
      InProcessExecutor(analyze: ModuleAnalysis.analyzer(catalog: catalog), fileSystem: fileSystem)
    }.code
  }

  @Test func aCurrentInterfaceIsReadFromTheFileSystem() throws {
    let fileSystem = TestProject.fileSystem()
    #expect(buildCore(on: fileSystem) == 0)
    let interface = try #require(fileSystem.allFiles.first { $0.hasSuffix("/Core.implicitinterface") })
    fileSystem.clearLog()
    let server = ServerConnection(fileSystem: fileSystem)
    server.initialize(root: TestProject.root)
    server.open(TestProject.main)
    #expect(server.messages(of: TestProject.main) == [])
    #expect(fileSystem.reads.contains(interface))
    // Core's source was not read: its interface stood for it.
    #expect(!fileSystem.reads.contains(TestProject.logger))
    #expect(server.close() == 0)
  }
}
