// A document indexer moves its slow part to a `Thread`; a thread started
// inside a scope does not see its values, and the worker passes the
// scope on anyway.
// expect: stops

print(reindex(["a.md", "b.md", "c.md"]))
