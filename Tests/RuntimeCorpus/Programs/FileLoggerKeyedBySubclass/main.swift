// An uploader reads a `Logger`; the release session provides
// `FileLogger(path:)` without an annotation, which is keyed by the
// subclass `FileLogger`, so the read of `Logger` finds nothing.
// expect: stops

print(consoleSession())
print(releaseSession())
