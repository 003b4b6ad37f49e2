// A proxy forwards the caller's token: the trusted path provides a
// `String`, the public path provides `headers["Authorization"]`, which is
// a `String?`, so the client's read of `String` finds nothing.
// expect: stops

print(handleTrusted("abc"))
print(handleInternal(region: "eu"))
print(handleIncoming(["Authorization": "xyz"]))
