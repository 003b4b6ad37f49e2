// Found by the program generator (seed 1085, reduced): Feature declares
// two overloads told apart only by their argument's type,
// `log10011(_: Double, _:)`, which reads nothing, and
// `log10011(_: String, _:)`, which reads Cart and Logger. App calls the
// `Double` one with a declared `Double`, in a closure that reopens a bag of
// Metrics and Session. Feature's interface holds one record for both, so
// the analysis requires Cart and Logger of the bag.
// expect: runs
import Core
import Feature

runProgram()
drain()
