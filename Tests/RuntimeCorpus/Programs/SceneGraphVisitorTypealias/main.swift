// A scene graph's `walk(_:)` takes its visitor as `Visitor`, a typealias
// of a non-escaping function type; the closure passed to it draws each
// node with the renderer of the scope around it, during the call.
// expect: runs

let drawn = renderFrame()
print(drawn)
precondition(drawn == ["root", "camera", "player", "sword"])
