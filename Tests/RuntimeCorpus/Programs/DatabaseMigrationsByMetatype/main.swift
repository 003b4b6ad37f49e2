// Database migrations are types with a `static func migrate(_:)`
// requirement; the app runs them in order through `[any Migration.Type]`,
// in a scope that provides what each one reads.
// expect: runs

let statements = openDatabase()
statements.forEach { print($0) }
precondition(statements.count == 2)
