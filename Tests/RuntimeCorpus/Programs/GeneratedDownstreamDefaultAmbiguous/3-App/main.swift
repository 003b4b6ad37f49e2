// Found by the program generator (seed 42, reduced): Core's public
// protocol declares its requirement's keys; Feature adds a default of the
// requirement in its own extension; App's conformer takes that default,
// and App calls through the protocol, providing what the requirement
// declares. The analysis reported the call as ambiguous (the requirement
// and Feature's extension method), where Swift calls the requirement (as
// ReportExportDefaultAddedDownstream, which reads undeclared keys from
// such a default).
// expect: runs
import Core
import Feature

runProgram()
