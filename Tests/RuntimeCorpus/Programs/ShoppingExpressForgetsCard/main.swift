// A supermarket checkout with a regular lane, which scans the loyalty card
// and provides it, and an express lane for small baskets, which forgot to:
// `pay` reads the card on both.
// expect: stops

let big = checkout([("milk", 2), ("bread", 3), ("eggs", 4), ("jam", 5)], kind: .regular, balance: 100)
print("regular:", big.balance)
let bigExpress = checkout([("milk", 2), ("bread", 3), ("eggs", 4), ("jam", 5)], kind: .express, balance: 100)
print("express, big basket:", bigExpress.balance)
let small = checkout([("coffee", 5)], kind: .express, balance: 100)
print("express:", small.balance)
