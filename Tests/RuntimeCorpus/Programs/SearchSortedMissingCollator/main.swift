// A search screen sorts its results with `sorted(by:)` whose comparator
// reads a Collator through the scope; the search entry point never
// provides one, which shows only once a sorted search has two results.
// expect: stops

print(runSearches())
