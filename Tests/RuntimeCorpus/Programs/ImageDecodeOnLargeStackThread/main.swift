// An image decoder runs a non-escaping closure on a worker thread with a
// large stack and waits for it. The closure does not escape the call, but
// it runs on another thread, which sees none of the caller's scopes.
// expect: stops

print(openImage("poster.heic"))
