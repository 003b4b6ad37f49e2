// A product page whose reviews are a `@Lazy` property wrapper with an
// `@autoclosure @escaping` initial value `ReviewsSection(id, scope)`; the
// page hands a closure reading it to the list, which calls it when the
// cell scrolls into view, after the scope that provided the API ended.
// expect: stops

let page = openProduct(42)
print(page.header)
print(page.loadReviews())
