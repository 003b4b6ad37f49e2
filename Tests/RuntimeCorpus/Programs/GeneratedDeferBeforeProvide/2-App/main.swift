// Found by the program generator (seed 2295, reduced): a `defer` written
// before a provide, with nothing between that could leave the block, runs
// when the block ends: after the provide, before the scope ends (its
// `defer { scope.end() }` came first, so it runs last). The call in the
// `defer` reads the Logger provided after it; the analysis takes the call
// where it is written, before the provide.
// expect: runs
import Core

runProgram()
