// The app's own `Array.forEach(on:_:)` keeps its escaping body for a work
// queue; it shares its name with the standard library's non-escaping
// `forEach`, but not its labels. The queued thumbnails render after the
// scope that provided the cache has ended.
// expect: stops

let queue = WorkQueue()
showGallery(["beach.jpg", "dog.jpg"], queue: queue)
queue.drain()
