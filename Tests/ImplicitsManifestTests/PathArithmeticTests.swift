import ImplicitsFileSystem
import ImplicitsTestSupport
import Testing

@Suite("Path arithmetic")
struct PathArithmeticTests {
  @Test(arguments: [
    ("/a/b", "/a/b"), ("/a//b", "/a/b"), ("/a/./b", "/a/b"), ("/a/b/..", "/a"), ("/a/b/", "/a/b"),
    ("a/../..", ".."), ("", "."), ("/", "/"), ("/..", "/"), ("a/", "a"), ("/a/...", "/a/..."),
    (".hidden/x", ".hidden/x"), ("./a", "a"), ("../a", "../a"), (".", "."), ("a", "a"), ("//", "/"),
    ("/a/.b/..c", "/a/.b/..c"), ("/é/./ü", "/é/ü"),
  ])
  func normalizeFoldsDotsAndEmptyComponents(_ path: String, _ expected: String) {
    #expect(PathUtilities.normalize(path) == expected)
  }

  @Test(arguments: [
    ("/r/x", "/r", "x"), ("/rx/y", "/r", "/rx/y"), ("/r", "/r", "/r"), ("/x", "/", "x"),
    ("/r/x/y", "/r/", "x/y"), ("/é/x", "/é", "x"), ("/a", "/a/b", "/a"),
  ])
  func relativeBelowARoot(_ path: String, _ root: String, _ expected: String) {
    #expect(PathUtilities.relative(path, below: root) == expected)
  }

  @Test func byteOrderIsTheOrderOfUTF8Bytes() {
    let seed: UInt64 = 27
    var generator = SeededRandom(seed: seed)
    let alphabet: [String] = ["a", "b", "B", "/", ".", "é", "e\u{301}", "z", "0", "💡"]
    for _ in 0..<2_000 {
      let a = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      let b = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      #expect(PathUtilities.byteOrder(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) vs \(b) (seed \(seed))")
    }
    #expect(PathUtilities.byteOrder("abc", "abd"))
    #expect(!PathUtilities.byteOrder("abc", "ab"))
    #expect(PathUtilities.byteOrder("", "a"))
  }
}
