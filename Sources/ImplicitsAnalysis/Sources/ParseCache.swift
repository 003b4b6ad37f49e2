/// The parsed files of one module kept from one analysis to the next (an
/// editor's session): a file whose path and bytes did not change is not
/// parsed again. It holds one tree per path, so its memory follows the
/// module's size, not the number of edits.
public final class ParseCache: @unchecked Sendable {
  private var files: [String: ParsedFile] = [:]

  public init() {}

  /// `source` parsed: the tree of the last analysis when its bytes are the same.
  func parsed(_ source: SourceInput) -> ParsedFile {
    if let kept = files[source.path], kept.relativePath == source.relativePath, kept.text == source.contents {
      return kept
    }
    let file = ParsedFile(path: source.path, relativePath: source.relativePath, text: source.contents)
    files[source.path] = file
    return file
  }

  /// Forgets the files that are not among `paths` (closed, deleted, moved).
  func keep(only paths: Set<String>) {
    files = files.filter { paths.contains($0.key) }
  }

  /// How many files it holds.
  public var count: Int { files.count }
}
