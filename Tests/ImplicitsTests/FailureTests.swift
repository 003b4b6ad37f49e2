import Foundation
import Implicits
import Testing

// Misuse stops the program with a message that names the key (or the
// mistake) and the file and line where it happened. Each test runs one of
// `FailureScenario`'s programs in a child process.

/// Checks that the stopped process printed every fragment, and where.
private func expectMessage(
  _ result: ExitTest.Result?,
  line: UInt,
  contains fragments: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else {
    Issue.record("the exit test did not run", sourceLocation: sourceLocation)
    return
  }
  let output = String(decoding: result.standardErrorContent, as: UTF8.self)
  let location = "ImplicitsTests/FailureScenarios.swift:\(line):"
  // Only the first line matters: `<fileID>:<line>: Fatal error: Implicits: <message>`.
  let message = output.split(separator: "\n").first { $0.contains("Fatal error") }.map(String.init) ?? output
  #expect(message.contains(location), "the message must point at \(location)", sourceLocation: sourceLocation)
  #expect(message.contains("Implicits: "), "the message must come from Implicits", sourceLocation: sourceLocation)
  for fragment in fragments {
    #expect(message.contains(fragment), "the message must contain \"\(fragment)\"", sourceLocation: sourceLocation)
  }
}

@Suite("Failures")
struct FailureTests {
  // MARK: Missing values

  @Test("Reading a type key with no value names the type and the read")
  func missingTypeKey() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readMissingTypeKey()
    }
    expectMessage(
      result, line: FailureScenario.missingTypeLine,
      contains: ["no implicit value for ImplicitsTests.NeverProvided"])
  }

  @Test("Reading a type key with no value on a thread names the type and the read")
  func missingTypeKeyOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.readMissingTypeKey() }
    }
    expectMessage(
      result, line: FailureScenario.missingTypeLine,
      contains: ["no implicit value for ImplicitsTests.NeverProvided"])
  }

  @Test("Reading a named key with no value names the key and the read")
  func missingNamedKey() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readMissingNamedKey()
    }
    expectMessage(
      result, line: FailureScenario.missingNamedLine,
      contains: ["no implicit value for \\.neverProvidedURL"])
  }

  @Test("Reading outside any scope names the key and the read")
  func readOutsideAnyScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readOutsideAnyScope()
    }
    expectMessage(
      result, line: FailureScenario.missingOutsideScopeLine,
      contains: ["ImplicitsTests.NeverProvided"])
  }

  @Test("Reading after the providing scope ended names the key and the read")
  func readAfterScopeEnded() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readAfterNestedEnded()
    }
    expectMessage(
      result, line: FailureScenario.missingAfterEndLine,
      contains: ["ImplicitsTests.NeverProvided"])
  }

  @Test("A stored property with no value names the type and the property")
  func missingStoredProperty() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readMissingStoredProperty()
    }
    expectMessage(
      result, line: NeedsUnprovided.readLine,
      contains: ["no implicit value for ImplicitsTests.NeverProvided"])
  }

  @Test("`Implicit.map` with no source value names the source key and the map")
  func mapMissingSource() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.mapMissingSource()
    }
    expectMessage(
      result, line: FailureScenario.missingMapSourceLine,
      contains: ["ImplicitsTests.NeverProvided"])
  }

  @Test("Capturing a key with no value in a bag names the key and the capture")
  func bagMissingKey() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.captureMissingKey()
    }
    expectMessage(
      result, line: FailureScenario.missingBagKeyLine,
      contains: ["ImplicitsTests.Greeting"])
  }

  // MARK: Ending scopes

  @Test("A read of a new key object never finds another key's value, whatever address the allocator reuses")
  func computedKeysNeverAlias() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readAnotherComputedKey()
    }
    expectMessage(result, line: FailureScenario.computedKeysLine, contains: ["no implicit value for"])
  }

  @Test("Two uses of a computed key are two keys: the read finds nothing and says so")
  func computedKeyIsNewEachUse() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.readSameComputedKeyPath()
    }
    expectMessage(result, line: FailureScenario.sameComputedKeyLine, contains: ["no implicit value for"])
  }

  @Test("Ending a root scope twice stops at the second end()")
  func endRootTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endRootTwice()
    }
    expectMessage(result, line: FailureScenario.endRootTwiceLine, contains: ["already ended"])
  }

  @Test("Ending a root scope twice on a thread stops at the second end()")
  func endRootTwiceOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.endRootTwice() }
    }
    expectMessage(result, line: FailureScenario.endRootTwiceLine, contains: ["already ended"])
  }

  @Test("Ending a nested scope twice stops at the second end()")
  func endNestedTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endNestedTwice()
    }
    expectMessage(result, line: FailureScenario.endNestedTwiceLine, contains: ["already ended"])
  }

  @Test("Ending a nested scope twice after a sibling was opened stops at the second end()")
  func endTwiceAfterSibling() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endTwiceAfterSiblingOpened()
    }
    expectMessage(result, line: FailureScenario.endTwiceAfterSiblingLine, contains: ["already ended"])
  }

  @Test("On a thread, ending a nested scope twice after a sibling was opened stops at the second end()")
  func endTwiceAfterSiblingOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.endTwiceAfterSiblingOpened() }
    }
    expectMessage(result, line: FailureScenario.endTwiceAfterSiblingLine, contains: ["already ended"])
  }

  @Test("Ending an ended root scope after a new root scope was opened stops there")
  func endRootTwiceAfterReopen() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endRootTwiceAfterReopen()
    }
    expectMessage(result, line: FailureScenario.endRootTwiceAfterReopenLine, contains: ["already ended"])
  }

  @Test("On a thread, ending an ended root scope after a new root scope was opened stops there")
  func endRootTwiceAfterReopenOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.endRootTwiceAfterReopen() }
    }
    expectMessage(result, line: FailureScenario.endRootTwiceAfterReopenLine, contains: ["already ended"])
  }

  @Test("Ending an outer scope while a nested one is open stops at that end()")
  func endOutOfOrder() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endOutOfOrder()
    }
    expectMessage(result, line: FailureScenario.endOutOfOrderLine, contains: ["still open"])
  }

  @Test("On a thread, ending an outer scope while a nested one is open stops at that end()")
  func endOutOfOrderOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.endOutOfOrder() }
    }
    expectMessage(result, line: FailureScenario.endOutOfOrderLine, contains: ["still open"])
  }

  @Test("Ending a scope in another task than the one that opened it stops there")
  func endInAnotherTask() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await FailureScenario.endInAnotherTask()
    }
    expectMessage(result, line: FailureScenario.endInAnotherTaskLine, contains: ["another thread or task"])
  }

  @Test("Ending a thread's scope on another thread stops there")
  func endOnAnotherThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.endOnAnotherThread()
    }
    expectMessage(result, line: FailureScenario.endOnAnotherThreadLine, contains: ["another thread or task"])
  }

  // MARK: Providing without a scope

  @Test("Providing with no open scope names the key and the provide")
  func provideWithoutScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.provideWithoutScope()
    }
    expectMessage(
      result, line: FailureScenario.provideWithoutScopeLine,
      contains: ["ImplicitsTests.NeverProvided", "outside any open ImplicitScope"])
  }

  @Test("Providing with no open scope on a thread names the key and the provide")
  func provideWithoutScopeOnThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.onThread { FailureScenario.provideWithoutScope() }
    }
    expectMessage(
      result, line: FailureScenario.provideWithoutScopeLine,
      contains: ["ImplicitsTests.NeverProvided", "outside any open ImplicitScope"])
  }

  @Test("Providing after the only scope ended names the key and the provide")
  func provideAfterEnd() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.provideAfterEnd()
    }
    expectMessage(
      result, line: FailureScenario.provideAfterEndLine,
      contains: ["ImplicitsTests.NeverProvided", "outside any open ImplicitScope"])
  }

  @Test("Providing a named key with no open scope names the key and the provide")
  func provideNamedWithoutScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      FailureScenario.provideNamedWithoutScope()
    }
    expectMessage(
      result, line: FailureScenario.provideNamedWithoutScopeLine,
      contains: ["\\.neverProvidedURL", "outside any open ImplicitScope"])
  }

  @Test("Providing in a child task that opened no scope of its own names the key")
  func provideInChildWithoutOwnScope() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scope = ImplicitScope()
      defer { scope.end() }
      @Implicit var greeting = Greeting("parent")
      await Task {
        FailureScenario.provideWithoutScope()
      }.value
    }
    expectMessage(
      result, line: FailureScenario.provideWithoutScopeLine,
      contains: ["ImplicitsTests.NeverProvided", "outside any open ImplicitScope"])
  }
}
