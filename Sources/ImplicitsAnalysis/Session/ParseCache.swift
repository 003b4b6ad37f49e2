/// The parsed files of one module kept from one analysis to the next
/// (`AnalysisSession`): a file whose path and bytes did not change is not
/// parsed again. It holds one tree per path, so its memory follows the
/// module's size, not the number of edits.
final class ParseCache {
  private var files: [String: (contents: [UInt8], file: ParsedFile)] = [:]

  /// `source` parsed: the tree of the last analysis when its bytes are the same.
  func parsed(_ source: SourceInput) -> ParsedFile {
    if let kept = files[source.path], kept.file.relativePath == source.relativePath, kept.contents == source.contents {
      return kept.file
    }
    let file = ParsedFile(path: source.path, relativePath: source.relativePath, text: source.contents)
    files[source.path] = (source.contents, file)
    return file
  }

  /// Forgets the files that are not among `paths` (closed, deleted, moved).
  func keep(only paths: Set<String>) {
    files = files.filter { paths.contains($0.key) }
  }

  /// How many files it holds.
  var count: Int { files.count }
}
