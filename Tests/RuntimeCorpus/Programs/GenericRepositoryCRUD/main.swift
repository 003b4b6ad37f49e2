// A generic `Repository<M: Model>` whose scope-taking methods read the
// database; repositories of two model types save and find rows.
// expect: runs

let (found, statements) = runImport()
print(found, statements)
precondition(found == ["buy milk", "home", "none"] && statements == 5)
