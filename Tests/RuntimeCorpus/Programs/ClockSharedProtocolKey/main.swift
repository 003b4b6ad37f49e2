// Token expiry reads a `SystemClock`; the launch code provides
// `SystemClock.shared`, whose declared type is `any Clock`, so the key
// provided is `any Clock` and the concrete read finds nothing.
// expect: stops

print(checkTokens(["a", "b"]))
