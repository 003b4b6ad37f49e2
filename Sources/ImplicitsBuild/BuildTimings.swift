import Foundation
import ImplicitsFileSystem
import ImplicitsInterface

/// How long each module's last analysis took, kept in
/// `<output-dir>/timings.json` for the next build's scheduler: it starts
/// the modules on the longest path to the end of the build first.
struct BuildTimings: Codable, Equatable {
  /// Seconds of the last analysis, by module.
  var seconds: [String: Double] = [:]

  static func path(in layout: BuildLayout) -> String { layout.outputDirectory + "/timings.json" }

  static func read(from layout: BuildLayout) -> BuildTimings {
    guard let bytes = try? FileReading.read(path(in: layout), limit: 64 << 20),
      let timings = try? JSONDecoder().decode(BuildTimings.self, from: Data(bytes))
    else { return BuildTimings() }
    return timings
  }

  func write(to layout: BuildLayout) {
    guard let text = try? JSONText(encoding: self).rendered else { return }
    try? AtomicFileWriter.writeIfChanged(Array(text.utf8), to: Self.path(in: layout))
  }

  /// The cost of each of `modules` for the scheduler: the last build's
  /// seconds when every module has them, else the size of its sources in
  /// bytes (which follows its line count).
  func costs(of modules: [String], sources: [String: [String]]) -> [String: Double] {
    if modules.allSatisfy({ seconds[$0] != nil }) {
      return Dictionary(uniqueKeysWithValues: modules.map { ($0, seconds[$0]!) })
    }
    return Dictionary(
      uniqueKeysWithValues: modules.map { module in
        (module, Double((sources[module] ?? []).reduce(0) { $0 + (FileStamp(path: $1)?.size ?? 0) }))
      })
  }
}
