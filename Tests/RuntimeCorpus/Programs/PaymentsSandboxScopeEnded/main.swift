// An in-app store runs a self test with a sandbox payment provider
// provided in a nested scope, then charges the real purchase after that
// scope ended, expecting a provider to still be there.
// expect: stops

print(storeSession(runSelfTest: true))
