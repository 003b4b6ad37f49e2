// A shop's inventory is an actor whose methods take the scope: receiving
// stock reads the audit trail, selling reads the price list through a
// private helper; the day is run in an async `withScope`.
// expect: runs

let (revenue, entries) = await runShopDay(Inventory())
print(revenue, entries)
precondition(revenue == 1_200 && entries.count == 5)
