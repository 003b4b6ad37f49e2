// Found by the program generator (seed 105, reduced): a function takes a
// non-escaping closure and then an escaping one, `(_ first: (Int) -> Void,
// then second: @escaping (Int) -> Void)`, and is called with two trailing
// closures. The first runs during the call and reads the Logger of the
// scope around it; the second runs later and reopens a bag. The analysis
// takes the first for an escaping closure (`closure-scope`), as with the
// typealiased parameters of MailSyncJobTypealiasEscapes, though no
// typealias is involved.
// expect: runs
import Core

runProgram()
drain()
