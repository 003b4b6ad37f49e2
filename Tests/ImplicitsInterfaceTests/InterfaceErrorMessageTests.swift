import Testing
@testable import ImplicitsInterface

/// Every message names the module, the file and the cause, and says what
/// to do.
@Suite("Interface error messages")
struct InterfaceErrorMessageTests {
  static let path = "out/Core.implicitinterface"

  static let kinds: [(InterfaceError.Kind, cause: String, action: String)] = [
    (.missing, "does not exist", "analyze 'Core' first"),
    (.unreadable(reason: "Permission denied"), "cannot be read (Permission denied)", "check its permissions"),
    (.truncated(actual: 1020, expected: 4096), "truncated (1020 of 4096 bytes)", "re-analyze 'Core' to write it again"),
    (.corrupt(detail: InterfaceError.checksumMismatch), "corrupt (checksum mismatch", "re-analyze 'Core' to write it again"),
    (.corrupt(detail: "invalid structure: the type index is not sorted"), "the type index is not sorted", "re-analyze 'Core'"),
    (.foreign, "not an .implicitinterface file", "check the path"),
    (.incompatibleVersion(found: FormatVersion(major: 5, minor: 1), toolVersion: "0.9.0"), "format 5.1", "upgrade implicits"),
    (.incompatibleVersion(found: FormatVersion(major: 1, minor: 0), toolVersion: "0.1.0"), "format 1.0", "re-analyze 'Core' with implicits"),
    (.incompatibleVersion(found: FormatVersion(major: 2, minor: 0), toolVersion: "0.1.0"), "format 2.0", "re-analyze 'Core' with implicits"),
    (.incompatibleVersion(found: FormatVersion(major: 3, minor: 0), toolVersion: "0.1.0"), "format 3.0", "re-analyze 'Core' with implicits"),
    (.wrongModule(declared: "Other"), "declares module 'Other'", "its own interface"),
    (.ownModule, "the module being analyzed", "remove it from the module's dependencies"),
  ]

  @Test("module, file, cause and action", arguments: kinds.indices)
  func message(index: Int) {
    let (kind, cause, action) = Self.kinds[index]
    let error = InterfaceError(kind: kind, path: Self.path, module: "Core")
    let text = error.rendered
    #expect(text.hasPrefix("error: cannot use interface of module 'Core' at '\(Self.path)': "), "\(text)")
    #expect(text.contains(cause), "\(text)")
    #expect(text.contains(action), "\(text)")
    #expect(error.message == String(text.dropFirst("error: ".count)))
    #expect(error.description == error.message)
  }

  @Test("the documented example")
  func example() {
    let error = InterfaceError(kind: .truncated(actual: 1020, expected: 4096), path: Self.path, module: "Core")
    #expect(
      error.rendered
        == "error: cannot use interface of module 'Core' at 'out/Core.implicitinterface': the file is truncated "
        + "(1020 of 4096 bytes); re-analyze 'Core' to write it again")
  }

  @Test("versions in the incompatibility message")
  func versions() {
    let newer = InterfaceError(
      kind: .incompatibleVersion(found: FormatVersion(major: 5, minor: 0), toolVersion: "0.9.0"), path: Self.path, module: "Core"
    ).description
    for fragment in ["5.0", "implicits 0.9.0", "implicits \(ToolVersion.current)", "format \(FormatVersion.current.major).x", "upgrade"] {
      #expect(newer.contains(fragment), "\(fragment) in \(newer)")
    }
    let unknown = InterfaceError(
      kind: .incompatibleVersion(found: FormatVersion(major: 6, minor: 0), toolVersion: nil), path: Self.path, module: nil
    ).description
    #expect(unknown.contains("an unknown version of implicits"))
    #expect(unknown.contains("interface file '\(Self.path)'"))
    #expect(unknown.contains("re-analyze its module"))
  }

  @Test("a file of another major version whose module section cannot be read")
  func unreadableForeignVersion() throws {
    var sections = Crafted.sections()
    sections = Crafted.replacing(.module, in: sections, with: [0xFF, 0xFF])
    let bytes = Crafted.file(sections, version: FormatVersion(major: 9, minor: 2))
    let error = try #require(Crafted.refusal(bytes, expectedModule: nil))
    #expect(error.kind == .incompatibleVersion(found: FormatVersion(major: 9, minor: 2), toolVersion: nil))
    #expect(error.module == nil)
    // With an expected module, that one is named.
    #expect(Crafted.refusal(bytes, expectedModule: "Core")?.description.contains("module 'Core'") == true)
  }

  @Test("a file of another major version names its writer and module even without the rest of its layout")
  func foreignVersionProbe() throws {
    // Only what every major version keeps: the header, the table, the module section.
    let module = Crafted.u16(5) + Array("7.0.0".utf8) + Crafted.u16(4) + Array("Core".utf8)
    let bytes = Crafted.file([(2, module), (77, [1, 2, 3])], version: FormatVersion(major: 5, minor: 0))
    let error = try #require(Crafted.refusal(bytes, expectedModule: nil))
    #expect(error.kind == .incompatibleVersion(found: FormatVersion(major: 5, minor: 0), toolVersion: "7.0.0"))
    #expect(error.module == "Core")
  }

  @Test("errors loaded from disk: unreadable and missing")
  func disk() {
    do {
      _ = try InterfaceFile.load(path: "", expectedModule: "Core")
      Issue.record("an empty path loaded")
    } catch {
      #expect(error.kind == .missing)
    }
    do {
      _ = try InterfaceFile.load(path: "/proc/self/no/such/file", expectedModule: nil)
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.kind == .missing)
      #expect(error.description.contains("interface file '/proc/self/no/such/file'"))
    }
  }
}
