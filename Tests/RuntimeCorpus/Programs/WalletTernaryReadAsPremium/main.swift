// An airport app provides the wallet with
// `premium ? PremiumWallet(…) : Wallet(…)`, which is keyed `Wallet`; the
// lounge reads `PremiumWallet` for premium users, a key nobody provides
// even though the value is a premium wallet.
// expect: stops

print(airportVisit(premium: false))
print(airportVisit(premium: true))
