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

func log(_ text: String, _ scope: ImplicitScope) { @Implicit var console: Console } // expected-note:6 {{found this candidate: 'log(_:_:)'}}
func log(_ error: Error, _ scope: ImplicitScope) { @Implicit var tracker: Tracker } // expected-note:6 {{found this candidate: 'log(_:_:)'}} expected-note:52 {{'Tracker' is required here by 'log(_:_:)'}}
func log(_ value: Int, _ scope: ImplicitScope) { @Implicit var metrics: Metrics } // expected-note:6 {{found this candidate: 'log(_:_:)'}} expected-note:50 {{'Metrics' is required here by 'log(_:_:)'}}
func log(_ report: Reportable, _ scope: ImplicitScope) { @Implicit var archive: Archive } // expected-note:6 {{found this candidate: 'log(_:_:)'}} expected-note:58 {{'Archive' is required here by 'log(_:_:)'}}

func send(_ value: Double, _ scope: ImplicitScope) { @Implicit var metrics: Metrics }
func send(_ value: String, _ scope: ImplicitScope) { @Implicit var console: Console }

func record(_ event: Event, _ scope: ImplicitScope) { @Implicit var tracker: Tracker }
func record(_ value: Int, _ scope: ImplicitScope) { @Implicit var metrics: Metrics }

func onlyConsole(error: SyncError, count: Int) {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirements: Archive, Metrics, Tracker}}
  defer { scope.end() }
  @Implicit var console = Console()
  log("text", scope)     // String
  log(error, scope)      // Error: Tracker // expected-note:3 {{'log(_:_:)' requires 'Tracker', called here}}
  log(42, scope)         // Int: Metrics // expected-note:3 {{'log(_:_:)' requires 'Metrics', called here}}
  log(count, scope)      // Int
  log(Report(), scope)   // Reportable: Archive // expected-note:3 {{'log(_:_:)' requires 'Archive', called here}}
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
  log(value, scope) // expected-error:3 {{Ambiguous use of 'log(_:_:)'}}
}
