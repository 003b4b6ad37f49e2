import Foundation
import Testing
@testable import ImplicitsInterface

@Suite("Deterministic JSON")
struct JSONTextTests {
  @Test("escapes what JSON requires and parses back")
  func escaping() throws {
    let tricky = "quote \" backslash \\ slash / newline \n tab \t return \r nul \u{0} bell \u{7} esc \u{1B} é 😀 \u{2028}"
    let text = JSONText.object(["k": .string(tricky), "list": .array([.string(tricky), .null, .bool(false), .int(-3)])]).rendered
    #expect(text.contains("\\u0000"))
    #expect(text.contains("\\u001b"))
    #expect(text.contains("\\n"))
    #expect(text.hasSuffix("}\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["k"] as? String == tricky)
    let list = try #require(object["list"] as? [Any])
    #expect(list.first as? String == tricky)
    #expect(list[1] is NSNull)
    #expect(list[3] as? Int == -3)
  }

  @Test("keys sorted by bytes, nesting indented, empty containers inline")
  func layout() {
    let text = JSONText.object([
      "b": .object([:]), "a": .array([]), "Z": .int(1), "é": .bool(true), "aa": .object(["y": .null, "x": .int(2)]),
    ]).rendered
    #expect(
      text == """
        {
          "Z": 1,
          "a": [],
          "aa": {
            "x": 2,
            "y": null
          },
          "b": {},
          "é": true
        }

        """)
  }

  @Test("the same value renders the same text")
  func deterministic() {
    var members: [String: JSONText] = [:]
    for index in 0..<50 { members["key\(index)"] = .int(index) }
    let first = JSONText.object(members).rendered
    var reversed: [String: JSONText] = [:]
    for index in (0..<50).reversed() { reversed["key\(index)"] = .int(index) }
    #expect(JSONText.object(reversed).rendered == first)
  }
}
