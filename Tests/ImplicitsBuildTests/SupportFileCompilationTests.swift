import ImplicitsTestSupport
import Foundation
import Testing

/// A module using `#implicits` in closures and stored properties compiles
/// with its generated support file, and its bags hold only the keys their
/// code reads: a value in scope that no bag needs is released when its
/// scope ends.
@Suite struct SupportFileCompilationTests {
  static let program = """
    import Implicits

    final class Clock {
      let now: String
      init(now: String) { self.now = now }
    }

    final class Heavy {
      nonisolated(unsafe) static var alive = 0
      init() { Heavy.alive += 1 }
      deinit { Heavy.alive -= 1 }
    }

    func tell(_ scope: ImplicitScope) -> String {
      @Implicit var clock: Clock
      return "it is \\(clock.now)"
    }

    final class Reminder {
      private let implicits = #implicits
      init(_ scope: ImplicitScope) {}

      func remind() -> String {
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return tell(scope)
      }
    }

    func schedule() -> (() -> String, Reminder) {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var clock = Clock(now: "noon")
      @Implicit var heavy = Heavy()
      let later = { [implicits = #implicits] in
        let scope = ImplicitScope(with: implicits)
        defer { scope.end() }
        return tell(scope)
      }
      return (later, Reminder(scope))
    }

    // A closure wrapper: the generated function captures the clock where
    // it is called, and the returned closure reopens it.
    func makeAnnouncer() -> (String) -> String {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var clock = Clock(now: "dusk")
      return withAnnounceImplicits { (prefix: String, scope) in
        prefix + " " + tell(scope)
      }
    }

    // The module is named like this type: the support file must not spell
    // keys as `Program.Clock`.
    @main struct Program {
      static func main() {
        let (later, reminder) = schedule()
        print(later())
        print(reminder.remind())
        print(makeAnnouncer()("so"))
        print("heavy alive: \\(Heavy.alive)")
      }
    }
    """

  @Test func bagsCompileAndHoldOnlyWhatTheirCodeReads() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.program, to: "Program.swift")
    let analysis = try CommandLineTool.run(
      ["analyze", "--module-name", "Program", "--emit-support-file", "Program.implicits.swift", "Program.swift"],
      in: directory.path)
    #expect(analysis.status == 0, "\(analysis.output)\(analysis.errors)")
    let support = try directory.read("Program.implicits.swift")
    #expect(support.contains(".type((Clock).self)"))
    #expect(!support.contains("Heavy"), "a bag captures a key nothing reads:\n\(support)")
    #expect(support.contains("func withAnnounceImplicits<Result, A1>("), "\(support)")

    let compile = try RuntimeCompiler.swiftc(
      ["-parse-as-library"] + RuntimeCompiler.importArguments(moduleName: "Program")
        + ["Program.swift", "Program.implicits.swift", "-o", "program"] + RuntimeCompiler.runtimeObjects(),
      in: directory.path)
    #expect(compile.status == 0, "\(compile.errors)")

    let run = Process()
    run.executableURL = URL(fileURLWithPath: directory.path + "/program")
    let pipe = Pipe()
    run.standardOutput = pipe
    try run.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    run.waitUntilExit()
    #expect(output == "it is noon\nit is noon\nso it is dusk\nheavy alive: 0\n")
  }
}
