// A session reducer: login opens the keychain in a nested scope for the
// token write; logout also needs the keychain to wipe the token, but the
// root never provides one.
// expect: stops

let anonymous = runSession([.refresh, .logout])
print(anonymous.events)
let signedIn = runSession([.login("kim"), .refresh])
print(signedIn.events)
let full = runSession([.login("kim"), .refresh, .logout])
print(full.events)
