import Testing
@testable import ImplicitsAnalysis

/// Requirement numbers give back what they were given, in order, whether
/// they fit in 16 bits or need 32 (a key table of more than 65,536 keys).
@Suite struct KeyNumbersTests {
  @Test(arguments: [
    [KeyTable.Number](), [0], [3, 1, 2], [0, 65_535, 7], [65_536], [1, 65_536, 2, 4_000_000_000], [70_000, 65_535, 0],
  ])
  func numbersComeBackInOrder(_ numbers: [KeyTable.Number]) {
    let list = KeyNumbers(numbers)
    #expect(Array(list) == numbers)
    #expect(list.count == numbers.count)
    for (position, number) in numbers.enumerated() { #expect(list[position] == number) }
  }
}
