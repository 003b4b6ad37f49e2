// A feature's builder reads a key that the public requirement does not
// declare; callers through the protocol provide only what it declares.
// expect: stops
runShell()
