import Testing
@testable import ImplicitsInterface

/// Keys sort by how they are shown (`Core.Analytics`, `\.Core.apiBaseURL`),
/// then by kind: the order of requirement lists and diagnostics.
@Suite("Key order")
struct KeyOrderTests {
  /// The order as documented, built from the shown texts.
  static func shownOrder(_ lhs: ImplicitKeyRef, _ rhs: ImplicitKeyRef) -> Bool {
    (lhs.description, lhs.kind.rawValue) < (rhs.description, rhs.kind.rawValue)
  }

  @Test("every pair compares as the shown texts do, ASCII or not")
  func matchesShownOrder() {
    let spellings = [
      "A", "Z", "a", "z", "Core.Analytics", "Core.apiBaseURL", "[Int]", "(Int, String)", "Array<Int>",
      "M.Logger (A.swift)", "_Private", "É", "E\u{301}", "A\u{30A}x", "Å", "Ωmega", "]", "^", "`", "\\x", "Q",
    ]
    let keys = spellings.flatMap { [ImplicitKeyRef.type($0), .named($0)] }
    var mismatches: [String] = []
    for lhs in keys {
      for rhs in keys where (lhs < rhs) != Self.shownOrder(lhs, rhs) {
        mismatches.append("\(lhs) < \(rhs)")
      }
    }
    #expect(mismatches.isEmpty)
    #expect(keys.sorted() == keys.sorted(by: Self.shownOrder))
  }
}

/// Requirement lists are stored in the order of each key's sort key; the
/// comparison that sorts them without making the keys agrees with it.
@Suite("Requirement order")
struct RequirementOrderTests {
  @Test("the in-place comparison orders as the byte keys do, copies dropped")
  func comparisonMatchesSortKeys() {
    let spellings = ["A", "AB", "Core.Analytics", "Core.apiBaseURL", "É", "E\u{301}", "\\x", "[Int]", "a\u{0}b", "a"]
    let keys = spellings.flatMap { [ImplicitKeyRef.type($0), .named($0)] }
    for lhs in keys {
      for rhs in keys {
        let left = CanonicalOrder.key(lhs)
        let right = CanonicalOrder.key(rhs)
        let expected = left == right ? 0 : (CanonicalOrder.precedes(left, right) ? -1 : 1)
        #expect(CanonicalOrder.compare(lhs, rhs) == expected, "\(lhs) vs \(rhs)")
      }
    }
    let sorted = CanonicalOrder.sortedUnique(keys + keys.reversed())
    #expect(sorted.count == keys.count)
    #expect(sorted.map { CanonicalOrder.key($0) } == CanonicalOrder.sortedUnique(keys, key: CanonicalOrder.key).map { CanonicalOrder.key($0) })
  }
}
