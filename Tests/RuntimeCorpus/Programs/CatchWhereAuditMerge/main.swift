// A sync conflict is merged automatically when the field allows it; the
// check runs in the `where` clause of the typed `catch`, and it reads the
// audit log, which nothing provides.
// expect: stops
import Implicits

final class AuditLog {
  var lines: [String] = []
}

enum SyncError: Error {
  case conflict(id: Int, field: String)
}

func canAutoMerge(_ field: String, _ scope: ImplicitScope) -> Bool {
  @Implicit var log: AuditLog
  log.lines.append("merge " + field)
  return field != "title"
}

func push(_ id: Int) throws(SyncError) {
  throw .conflict(id: id, field: "tags")
}

func sync(_ id: Int, _ scope: ImplicitScope) {
  do throws(SyncError) {
    try push(id)
  } catch .conflict(let id, let field) where canAutoMerge(field, scope) {
    print("merged \(id)")
  } catch {
    print("conflict")
  }
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  sync(7, scope)
}

run()
