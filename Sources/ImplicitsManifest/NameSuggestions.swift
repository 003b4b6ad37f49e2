/// "Did you mean ...?" suggestions by edit distance.
public enum NameSuggestions {
  /// The edit distance between `a` and `b`: insertions, deletions,
  /// substitutions and transpositions of two adjacent characters (`Bsae`
  /// is one edit from `Base`), each counted once, compared
  /// case-insensitively.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  /// The candidate closest to `name`, if it is close enough to be a
  /// plausible typo: at most a third of the candidate's length away (and at
  /// least 1 edit allowed), so `Nope` does not suggest `Core`. Ties go to the
  /// earliest candidate.
  public static func closest(to name: String, among candidates: [String]) -> String? {
    var best: (candidate: String, distance: Int)?
    let length = name.count
    for candidate in candidates where candidate != name {
      let limit = max(1, candidate.count / 3)
      // The distance is at least the difference of the lengths: most
      // candidates of a large manifest are ruled out without computing it.
      guard abs(candidate.count - length) <= limit else { continue }
      let distance = editDistance(name, candidate)
      guard distance <= limit else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// `"; did you mean 'x'?"`, or an empty string when nothing is close.
  public static func didYouMean(_ name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}
