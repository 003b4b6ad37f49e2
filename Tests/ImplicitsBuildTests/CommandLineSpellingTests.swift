import ImplicitsTestSupport
import Foundation
import Testing

/// One spelling for one thing across the commands, and the completion
/// scripts the user guide tells how to install.
@Suite struct CommandLineSpellingTests {
  @Test func everyCommandThatTakesAModuleTakesModuleAndEveryDiagnosticCommandFormatAndColor() throws {
    let directory = try TemporaryDirectory()
    for command in [["analyze"], ["build"], ["graph"], ["why"]] {
      let help = try CommandLineTool.run(command + ["--help"], in: directory.path)
      #expect(help.status == 0)
      #expect(help.output.contains("--module"), "\(command): \(help.output)")
    }
    for command in [["analyze"], ["build"]] {
      let help = try CommandLineTool.run(command + ["--help"], in: directory.path)
      for option in ["--diagnostics-format", "--format", "--color", "--warnings-as-errors"] {
        #expect(help.output.contains(option), "\(command) \(option)")
      }
    }
    for command in [["build"], ["generate", "ninja"], ["why"]] {
      let help = try CommandLineTool.run(command + ["--help"], in: directory.path)
      for option in ["-C <dir>", "--manifest", "--configuration", "--output-dir"] {
        #expect(help.output.contains(option), "\(command) \(option)")
      }
    }
  }

  @Test func completionScripts() throws {
    let directory = try TemporaryDirectory()
    for shell in ["bash", "zsh", "fish"] {
      let script = try CommandLineTool.run(["--generate-completion-script", shell], in: directory.path)
      #expect(script.status == 0)
      for word in ["analyze", "build", "generate", "graph", "why", "diagnostics-format", "checkstyle"] {
        #expect(script.output.contains(word), "\(shell) \(word)")
      }
    }
    // The bash script loads in bash and completes the subcommands.
    let bash = try CommandLineTool.run(["--generate-completion-script", "bash"], in: directory.path)
    try directory.write(bash.output, to: "implicits.bash")
    let completed = try CommandLineTool.run(
      executable: URL(fileURLWithPath: "/bin/bash"),
      ["-c", "source implicits.bash; COMP_WORDS=(implicits bu); COMP_CWORD=1; COMP_LINE='implicits bu'; COMP_POINT=12; _implicits; echo \"${COMPREPLY[@]}\""],
      in: directory.path, environment: ["PATH": CommandLineTool.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"])
    #expect(completed.output.contains("build"), "\(completed.output)\(completed.errors)")
  }
}
