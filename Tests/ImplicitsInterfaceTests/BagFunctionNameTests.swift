import ImplicitsTestSupport
import Testing
@testable import ImplicitsInterface

@Suite("BagFunctionName")
struct BagFunctionNameTests {
  @Test(
    "file names are spelled as identifiers",
    arguments: [
      ("Feed.swift", "Feed_dswift"),
      ("Feed", "Feed"),
      ("My_File.swift", "My__File_dswift"),
      ("_Private.swift", "__Private_dswift"),
      ("a.b.c.swift", "a_db_dc_dswift"),
      ("Feed-View.swift", "Feed_x2DView_dswift"),
      ("Feed+Extensions.swift", "Feed_x2BExtensions_dswift"),
      ("My File.swift", "My_x20File_dswift"),
      ("Café.swift", "Caf_xC3_xA9_dswift"),
      ("😀.swift", "_xF0_x9F_x98_x80_dswift"),
      ("main.swift", "main_dswift"),
      ("V2.swift", "V2_dswift"),
    ])
  func encode(fileName: String, expected: String) {
    #expect(BagFunctionName.encode(fileName) == expected)
    #expect(BagFunctionName.make(fileName: fileName, line: 12, column: 29) == "__implicits_bag_\(expected)_12_29")
  }

  @Test("the documented example")
  func example() {
    #expect(BagFunctionName.make(fileName: "Feed.swift", line: 12, column: 29) == "__implicits_bag_Feed_dswift_12_29")
    #expect(BagFunctionName.prefix == "__implicits_bag_")
  }

  @Test("names are identifiers")
  func identifiers() {
    for name in ["Feed.swift", "a-b c+d.swift", "Ünïcode/Ä.swift", "x.y_z", "\u{0}\u{7F}.swift", ".swift", "."] {
      let made = BagFunctionName.make(fileName: name, line: 1, column: 1)
      #expect(made.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      }, "\(made)")
    }
  }

  /// Two files of one module must never get the same function name.
  @Test("different file names give different names")
  func injective() {
    let names = [
      "a-b.swift", "a.x2Db.swift", "a_x2Db.swift", "a._b.swift", "a_.b.swift", "a__b.swift", "a..b.swift", "a.b.swift",
      "a_b.swift", "ab.swift", "a.swift", "a.swift.", "a.swift_", "a.", "a_", "a", "a.x", "a_x", ".a", "_a",
      "x.swift", ".x.swift", "_x.swift", "a.xC3.swift", "aé.swift",
    ]
    var seen: [String: String] = [:]
    for name in names {
      let encoded = BagFunctionName.encode(name)
      #expect(seen[encoded] == nil, "'\(name)' and '\(seen[encoded] ?? "")' both give \(encoded)")
      seen[encoded] = name
    }
  }

  /// Decodes an encoded file name; that this always gives back the
  /// original proves that the encoding is injective.
  static func decode(_ encoded: String) -> [UInt8]? {
    let bytes = Array(encoded.utf8)
    var result: [UInt8] = []
    var index = 0
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if isAlphanumeric(byte) {
        result.append(byte)
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "_"), index + 1 < bytes.count else { return nil }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "_") {
        result.append(next)
        index += 2
      } else if next == UInt8(ascii: "x") {
        guard index + 4 <= bytes.count, let value = UInt8(String(decoding: bytes[(index + 2)..<(index + 4)], as: UTF8.self), radix: 16)
        else { return nil }
        result.append(value)
        index += 4
      } else if next == UInt8(ascii: "d") {
        result.append(UInt8(ascii: "."))
        index += 2
      } else {
        return nil
      }
    }
    return result
  }

  @Test("the encoding can be decoded", arguments: 0..<4)
  func decodable(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let alphabet = Array("ax_.-X2D9é ".unicodeScalars)
    for _ in 0..<2000 {
      let name = String(String.UnicodeScalarView((0..<Int.random(in: 1...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
      #expect(Self.decode(BagFunctionName.encode(name)) == Array(name.utf8), "\(name) → \(BagFunctionName.encode(name))")
    }
  }

  @Test(
    "fileName(ofPath:) keeps the last component",
    arguments: [
      ("Sources/Catalog/Feed.swift", "Feed.swift"),
      ("/abs/path/to/Feed.swift", "Feed.swift"),
      ("Catalog/Feed.swift", "Feed.swift"),
      ("Feed.swift", "Feed.swift"),
      ("C:\\Users\\me\\Feed.swift", "Feed.swift"),
      ("dir/", ""),
    ])
  func fileName(path: String, expected: String) {
    #expect(BagFunctionName.fileName(ofPath: path) == expected)
  }
}
