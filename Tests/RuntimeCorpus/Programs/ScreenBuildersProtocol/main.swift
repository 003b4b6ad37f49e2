// The seed article's `Builder`: a protocol requirement
// `build(_ scope:)` called through an existential
// (`createComponent(builder:_:)`), a generic constraint (`createAll`) and
// an opaque `some Builder`; the root provides what every conformer reads.
// expect: runs

let (names, analytics, logger) = buildScreen()
print(names, analytics.events, logger.lines)
precondition(names.count == 5 && analytics.events.count == 3 && logger.lines.count == 2)
