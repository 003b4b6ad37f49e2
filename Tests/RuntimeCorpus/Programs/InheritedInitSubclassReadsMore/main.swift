// `SaleCell`, a final subclass with a stored implicit formatter, inherits
// `init(id:_ scope:)` from `ProductCell`; the shelf provides only what the
// superclass reads, and the first sale cell finds no formatter.
// expect: stops

import Foundation

print(showShelf())
