// Found by the program generator (seed 107, reduced): Core declares
// `log1001(_: String, _:)`, App declares `log1001(_: Double, _:)`, and App
// calls it with a declared `Double`. Swift picks App's overload; the
// analysis reports the call as ambiguous.
// expect: runs
import Core
import Feature

runProgram()
