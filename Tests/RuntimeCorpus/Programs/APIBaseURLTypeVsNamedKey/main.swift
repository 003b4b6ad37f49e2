// A mail client reads its API base URL under the named key
// `\.apiBaseURL`; the launch code provides a `String` named `apiBaseURL`,
// which is the type key `String`, not the named key.
// expect: stops

print(launchMailForTests(user: "test"))
print(launchMail(user: "zoe"))
