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
  private nonisolated(unsafe) static var cache: [ObjectIdentifier: String] = [:]
  private static let lock = NSLock()

  static func name(of key: NamedImplicitKey) -> String {
    let id = ObjectIdentifier(key)
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

  /// The identifier of `static let NAME = Key<…>()` on `line` of the file.
  static func declaredName(filePath: String, line: Int) -> String? {
    guard line > 0,
      let data = FileManager.default.contents(atPath: filePath),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    var current = 1
    var lineText: Substring?
    var start = text.startIndex
    for index in text.indices where text[index] == "\n" {
      if current == line {
        lineText = text[start..<index]
        break
      }
      current += 1
      start = text.index(after: index)
    }
    if lineText == nil, current == line { lineText = text[start...] }
    guard let lineText else { return nil }
    return identifier(declaredBy: lineText)
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
