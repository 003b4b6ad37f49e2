// Found by the program generator (seed 4259, its known shapes knocked out,
// reduced): Core's public protocol declares that its requirement needs
// Cart and FileCart, and nothing in Core calls through the requirement, so
// Core's interface says the requirement "declares nothing" (the shape of
// AuditSinksDeclaredKeyNotReadUpstream). App calls through the protocol in
// a closure kept for later that reopens a bag of Cart and Logger only: the
// analysis takes the call to need nothing and approves, and the closure
// stops when it runs, reading FileCart.
// expect: stops
import Core

runProgram()
drain()
