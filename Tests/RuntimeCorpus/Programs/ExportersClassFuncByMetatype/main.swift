// Exporters are a class hierarchy with a `class func export(_:_:)` that
// declares what it reads with `@RequiresImplicits`; the app calls it
// through `[Exporter.Type]`, in a scope that provides the declared keys.
// expect: runs

let files = exportMeasurements()
files.forEach { print($0) }
precondition(files == ["1.5 2.25", "1,5;2,25", "[1.5,2.25]"])
