// A travel app that provides the user's wallet with a ternary
// `premium ? PremiumWallet(…) : Wallet(…)`: Swift types it as `Wallet`,
// the key the ticket purchase reads, on both branches.
// expect: runs

print(bookTrip(for: Account(owner: "li", premium: true, balance: 100)))
print(bookTrip(for: Account(owner: "mo", premium: false, balance: 100)))
