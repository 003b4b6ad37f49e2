// Found by the program generator (seed 88, reduced): two overloads,
// `log1001(_: String, _:)` and `log1001(_: Int?, _:)`; the second calls the
// first with a declared `String`, and App calls the second with `nil`.
// Swift tells both calls apart; the analysis reports the call with the
// `String` as ambiguous (as MetricsRecordIntOrOptional with `Int` and
// `Int?`).
// expect: runs
import Core

runProgram()
