// An upstream module's property wrapper, `@Clamped`, takes its initial
// value as a non-escaping `@autoclosure` and evaluates it at once; a local
// `@Clamped var volume = savedVolume(scope)` reads the user's settings
// and the device through the scope around it, during the initializer.
// expect: runs

let levels = startPlayback(step: -30)
print(levels)
precondition(levels == [80, 50])
