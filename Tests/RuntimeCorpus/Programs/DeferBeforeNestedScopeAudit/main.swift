// A session writes "done" to the audit trail when it ends. The `defer` is
// written before the session opens its nested scope, so it names the
// outer scope, and it runs after the nested scope (which provides the
// trail) has ended: the outer scope has no trail.
// expect: stops
import Implicits

final class AuditTrail {
  var entries: [String] = []
}

func audit(_ what: String, _ scope: ImplicitScope) {
  @Implicit var trail: AuditTrail
  trail.entries.append(what)
}

func session(_ user: String, _ scope: ImplicitScope) {
  defer { audit("done", scope) }
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var trail = AuditTrail()
  audit("start " + user, scope)
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  session("ada", scope)
}

run()
