// Three `log` overloads that differ only by the type of their first
// argument (`String`, `Error`, `Int`), each reading its own sink; the
// uploader calls all three.
// expect: runs

let (sink, reporter, counters) = runUploads()
sink.lines.forEach { print($0) }
print(reporter.reports, counters.total)
precondition(counters.total == 50 && reporter.reports.count == 2)
