#if os(Linux)
import ImplicitsTestSupport
import Foundation
import Testing

/// A build server left running for weeks of edit-and-build loops keeps its
/// memory flat: what it holds after 200 builds after body edits is what it
/// held after the first few, within a small constant.
@Suite struct BuildServerMemoryTests {
  /// A module of three files of 40 functions each (about 60 KB).
  static func project() throws -> TemporaryDirectory {
    let project = try TemporaryDirectory()
    try project.write("version: 1\nmodules:\n  - name: Core\n    sources: [Core]\n", to: "implicits.yaml")
    for file in 0..<3 {
      var text = "import Implicits\npublic final class Store\(file) { public init() {} }\n"
      for function in 0..<40 {
        text += """
          public func load\(file)_\(function)(_ id: Int, _ scope: ImplicitScope) -> Int {
            @Implicit var store: Store\(file)
            var total = id
            for step in 0..<4 { total += step * \(function) } // edit-\(file)-\(function)
            return total > 100 ? nested\(file)_\(function)(total, scope) : total
          }
          func nested\(file)_\(function)(_ value: Int, _ scope: ImplicitScope) -> Int {
            let scope = scope.nested()
            defer { scope.end() }
            return value + \(function)
          }

          """
      }
      try project.write(text, to: "Core/File\(file).swift")
    }
    return project
  }

  @Test func twoHundredBuildsAfterBodyEditsKeepTheMemoryFlat() throws {
    let server = try BuildServerTests.ServerFolder(timeout: 30)
    let project = try Self.project()
    var resident: [Int: Int] = [:]
    var process: pid_t = 0
    var marker = "// edit-1-7"
    for build in 1...200 {
      let next = "// edit-1-7 \(build)"
      try project.edit("Core/File1.swift", replacing: marker, with: next)
      marker = next
      let built = try server.run(["build", "--server", "--quiet"], in: project.path)
      try #require(built.status == 0, "build \(build): \(built.errors)")
      if build == 1 { process = try server.running(in: project.path).process }
      if [20, 200].contains(build) { resident[build] = ProcessTable.status("VmRSS", of: process) }
    }
    #expect(try server.running(in: project.path).process == process, "another server ran the builds")
    let (early, late) = (try #require(resident[20]), try #require(resident[200]))
    #expect(late - early < 6 << 10, "the server grew from \(early) kB after 20 builds to \(late) kB after 200")
    _ = try server.run(["build-server", "--stop"], in: project.path)
  }
}
#endif
