/// The two slips a hand-written manifest most often has, said in its own
/// words at the place to fix, where libyaml's message points elsewhere or
/// speaks of its scanner.
enum YAMLSlips {
  static func explain(problem: String, at location: Location, context: Location?, bytes: UnsafeBufferPointer<UInt8>)
    -> (location: Location, message: String)?
  {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    // A tab in the indentation: libyaml names it, or, when the tab starts
    // a line (before a '- '), stops at it as a character that cannot start
    // a token.
    let atTab = location.line >= 1 && location.line <= lines.count
      && lines[location.line - 1].prefix { $0 == " " || $0 == "\t" }.dropFirst(max(0, location.column - 1)).first == "\t"
    if problem.contains("tab") || atTab {
      for (index, line) in lines.enumerated() where index + 1 >= location.line - 1 && index + 1 <= location.line {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        if let tab = indentation.firstIndex(of: "\t") {
          return (
            Location(line: index + 1, column: indentation.distance(from: indentation.startIndex, to: tab) + 1),
            "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces")
        }
      }
      return nil
    }
    // A key without its ':'. libyaml notices it on a later line, or at the
    // next ':' of a line that then reads as one long key.
    guard problem.contains("could not find expected ':'") || problem.contains("mapping values are not allowed") else {
      return nil
    }
    // Where the key that lacks it starts, when libyaml says; else the line
    // before the one it stopped at.
    var index = min(context?.line ?? (location.line - 1), lines.count) - 1
    while index >= 0 {
      let line = lines[index]
      let content = line.drop { $0 == " " || $0 == "\t" }
      if content.isEmpty || content.hasPrefix("#") {
        index -= 1
        continue
      }
      let item = content.hasPrefix("- ") ? content.dropFirst(2).drop { $0 == " " } : content
      guard !item.contains(":"), let first = item.split(separator: " ").first, item.contains(" ") else { return nil }
      let column = line.distance(from: line.startIndex, to: item.startIndex) + first.count + 1
      return (
        Location(line: index + 1, column: column),
        "'\(first)' is missing its ':' (write '\(first): \(item.dropFirst(first.count).drop { $0 == " " })')")
    }
    return nil
  }
}
