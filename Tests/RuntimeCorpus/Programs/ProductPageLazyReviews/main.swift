// A product page whose reviews section is a `@Lazy` property wrapper with
// an `@autoclosure @escaping` initial value `ReviewsSection(id, scope)`:
// it is built only if the user scrolls down, and always while the page's
// scope is open.
// expect: runs
// by-design: closure-scope

let (top, topCalls) = openProduct(7, scrolled: false)
print(top, topCalls)
let (full, fullCalls) = openProduct(8, scrolled: true)
print(full, fullCalls)
precondition(topCalls == 0 && fullCalls == 1)
