// A shop shelf of cells: `ProductCell` reads its image loader as a stored
// implicit in `init(id:_ scope:)`; the final subclass `SaleCell` adds a
// stored implicit formatter and inherits that initializer. Both are
// provided.
// expect: runs

import Foundation

let shelf = showShelf()
shelf.forEach { print($0) }
precondition(shelf.count == 4 && shelf[1].hasSuffix("$3.00"))
