import Testing

/// Every fixture under Fixtures/ produces exactly the diagnostics it is
/// annotated with.
@Suite struct FixtureTests {
  @Test(arguments: FixtureRunner.all())
  func fixture(_ name: String) throws {
    let outcome = try FixtureRunner.run(name)
    if !outcome.passed {
      Issue.record("\(name)\n\(outcome.report)")
    }
  }

  @Test func fixturesExist() {
    #expect(FixtureRunner.all().count > 10)
  }
}
