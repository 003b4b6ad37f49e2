// A three-module shop: Core declares the API base URL as a named key and
// the request function that reads it; Catalog keeps a bag in its service;
// the app provides everything once, including the named key declared in
// Core.
// expect: runs

let (products, logger) = startShop()
for product in products { print(product.id, product.json) }
print(logger.lines)
precondition(logger.lines.count == 4)
