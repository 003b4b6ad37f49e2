// A document indexer runs on a background `Thread`; the thread's closure
// captures a bag of the index and the tokenizer and reopens it there.
// expect: runs

let count = reindex(["a.md", "b.md", "c.tar.gz"])
print(count)
precondition(count == 3)
