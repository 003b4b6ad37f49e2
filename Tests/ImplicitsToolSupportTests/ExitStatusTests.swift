import ImplicitsInterface
import ImplicitsToolSupport
import Testing

/// The statuses build scripts and CI read.
@Suite struct ExitStatusTests {
  @Test func theStatusesAreTheDocumentedCodes() {
    #expect([ExitStatus.success, .failure, .unusable, .interrupted].map(\.code) == [0, 1, 2, 130])
  }

  @Test func onlySuccessDoesNotThrow() {
    #expect(throws: Never.self) { try ExitStatus.success.orThrow() }
    #expect(throws: ExitStatus.unusable) { try ExitStatus.unusable.orThrow() }
  }

  @Test func aStatusCrossesAPipeAsItself() {
    for status in [ExitStatus.success, .failure, .unusable, .interrupted, ExitStatus(77)] {
      #expect(ExitStatus(decoding: status.encoded) == status)
    }
    #expect(ExitStatus(decoding: Int(Int64(Int32.max) + 1).encoded) == nil)
  }
}
