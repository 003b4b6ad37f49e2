// Two `record` overloads, `Int` and `Int?`, each reading its own
// collector: a declared `Int` goes to the first, a declared `Int?` and
// `nil` to the second, as Swift ranks them.
// expect: runs

let (samples, gaps) = collectMetrics()
print(samples, gaps)
precondition(samples == [120, 12] && gaps == 2)
