import Implicits

// Overloads that differ only in their parameters' types are told apart by
// the types of the arguments, as Swift does: literals (a literal prefers
// its default type), declared types, conformances and superclasses of the
// module's types. What the code does not show stays ambiguous.

final class Console {}
final class Tracker {}
final class Metrics {}
final class Archive {}
enum SyncError: Error { case offline }
protocol Reportable {}
struct Report: Reportable {}
class Event {}
final class Tap: Event {}

func log(_ text: String, _ scope: ImplicitScope) { @Implicit var console: Console }
func log(_ error: Error, _ scope: ImplicitScope) { @Implicit var tracker: Tracker }
func log(_ value: Int, _ scope: ImplicitScope) { @Implicit var metrics: Metrics }
func log(_ report: Reportable, _ scope: ImplicitScope) { @Implicit var archive: Archive }

func send(_ value: Double, _ scope: ImplicitScope) { @Implicit var metrics: Metrics }
func send(_ value: String, _ scope: ImplicitScope) { @Implicit var console: Console }

func record(_ event: Event, _ scope: ImplicitScope) { @Implicit var tracker: Tracker }
func record(_ value: Int, _ scope: ImplicitScope) { @Implicit var metrics: Metrics }

func onlyConsole(error: SyncError, count: Int) {
  let scope = ImplicitScope() // expected-error {{Unresolved requirements: Archive, Metrics, Tracker}}
  defer { scope.end() }
  @Implicit var console = Console()
  log("text", scope)     // String
  log(error, scope)      // Error: Tracker
  log(42, scope)         // Int: Metrics
  log(count, scope)      // Int
  log(Report(), scope)   // Reportable: Archive
  send(42, scope)        // Double, not String: Metrics
  record(Tap(), scope)   // a subclass of Event: Tracker
}

func existentialError() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var tracker = Tracker()
  let error: Error = SyncError.offline
  log(error, scope)  // an 'any Error' is no String, Int or Reportable
}

func everything(error: SyncError) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var console = Console()
  @Implicit var tracker = Tracker()
  @Implicit var metrics = Metrics()
  @Implicit var archive = Archive()
  log("text", scope)
  log(error, scope)
  log(7, scope)
  log(Report(), scope)
  send(1.5, scope)
  record(Tap(), scope)
}

func notShown(_ value: Unknown) {
  let scope = ImplicitScope()
  defer { scope.end() }
  log(value, scope) // expected-error {{Ambiguous use of 'log(_:_:)'}}
}
