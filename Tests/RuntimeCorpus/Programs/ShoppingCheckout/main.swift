// The original library's shopping example: a wallet and a discount card
// provided once at the root, read by `pay` three calls down; clothes are
// paid with a store card provided in a nested scope that shadows the
// family card.
// expect: runs

let wallet = shop(startingWith: 500)
for line in wallet.history { print(line) }
print("left:", wallet.balance)
precondition(wallet.history.count == 3)
