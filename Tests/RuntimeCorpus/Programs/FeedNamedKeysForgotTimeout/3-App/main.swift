// The app provides Core's base URL by its key but forgets the request
// timeout that Feed reads by key path: the read stops, in debug and
// release builds alike.
// expect: stops
// build: debug and release

print(startApp())
