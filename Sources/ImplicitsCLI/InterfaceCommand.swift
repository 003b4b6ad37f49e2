import ArgumentParser
import Foundation
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// `implicits interface dump|diff`.
struct InterfaceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "interface",
    abstract: "Inspect and compare .implicitinterface files.",
    subcommands: [Dump.self, Diff.self])

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show everything an interface file holds, header included.")

    @Argument(help: "The .implicitinterface file.")
    var path: String

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
      let file = try InterfaceCommand.load(path)
      Console.output(format == .text ? InterfaceDump.text(file) : InterfaceDump.json(file))
    }
  }

  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Classify the changes between two versions of one module's interface.",
      discussion: "Exits with 1 when a change is breaking, 0 otherwise.")

    @Argument(help: "The old interface.")
    var old: String

    @Argument(help: "The new interface.")
    var new: String

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
      let oldFile = try InterfaceCommand.load(old)
      let newFile = try InterfaceCommand.load(new)
      do {
        try InterfaceDiff.checkSameModule(old: oldFile, new: newFile)
      } catch {
        Console.report(error)
        throw ExitStatus.unusable
      }
      let diff = InterfaceDiff.compare(old: oldFile.decodeContent(), new: newFile.decodeContent())
      Console.output(format == .text ? diff.text : diff.json)
      if diff.hasBreakingChanges { throw ExitStatus.failure }
    }
  }

  static func load(_ path: String) throws -> InterfaceFile {
    do {
      return try InterfaceFile.load(path: path, expectedModule: nil)
    } catch {
      Console.report(error)
      throw ExitStatus.unusable
    }
  }
}
