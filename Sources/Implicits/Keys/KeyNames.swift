import Foundation

/// Recovers the names of named keys for messages and debug dumps.
///
/// A `static let apiBaseURL = Key<URL>()` does not know its own name at run
/// time (Swift gives neither `#function` nor key paths to static properties a
/// readable name). The key records where it is declared; when that source
/// file is readable (a developer's machine, a CI checkout) the name is read
/// from the declaration. Otherwise the key is named by its value type and
/// declaration site. Only diagnostics and dumps pay for this, never reads.
enum KeyNames {
  /// By declaration site and value type, never by the object's address:
  /// a key object that dies frees its address for another key.
  private nonisolated(unsafe) static var cache: [String: String] = [:]
  private static let lock = NSLock()

  static func name(of key: NamedImplicitKey) -> String {
    let site = key.declaration
    let id = "\(site.filePath):\(site.line):\(site.column):\(key.valueTypeName)"
    if let known = lock.withLock({ cache[id] }) { return known }
    let name = resolve(key)
    lock.withLock { cache[id] = name }
    return name
  }

  private static func resolve(_ key: NamedImplicitKey) -> String {
    let site = key.declaration
    if let identifier = declaredName(filePath: "\(site.filePath)", line: Int(site.line)) {
      return "\\." + identifier
    }
    return "ImplicitsKeys.Key<\(key.valueTypeName)> declared at \(site.fileID):\(site.line)"
  }

  /// The identifier of `static let NAME = Key<…>()` whose `Key<…>()` is on
  /// `line` of the file: on that line, or on one of the few before it when
  /// the declaration is split across lines.
  static func declaredName(filePath: String, line: Int) -> String? {
    guard line > 0,
      let data = FileManager.default.contents(atPath: filePath),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line <= lines.count else { return nil }
    for index in stride(from: line - 1, through: max(0, line - 4), by: -1) {
      // A line above that holds another key belongs to another declaration.
      if index < line - 1, lines[index].contains("Key<") { return nil }
      if let name = identifier(declaredBy: lines[index]) { return name }
    }
    return nil
  }

  /// `static let name = Key` → `name`.
  static func identifier(declaredBy line: Substring) -> String? {
    guard let letRange = line.range(of: "let ") else { return nil }
    let rest = line[letRange.upperBound...].drop(while: { $0 == " " })
    let name = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" })
    let trimmed = name.filter { $0 != "`" }
    return trimmed.isEmpty ? nil : String(trimmed)
  }
}
