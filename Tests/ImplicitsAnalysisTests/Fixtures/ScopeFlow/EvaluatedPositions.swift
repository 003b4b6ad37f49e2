import Implicits

// Expressions Swift runs outside the statements' own expressions: a
// `catch` clause's `where`, a local property wrapper's arguments, a
// `defer` written before the block's nested scope.

struct Audit {}
enum SyncError: Error { case conflict(Int, String) }

func canAutoMerge(_ field: String, _ scope: ImplicitScope) -> Bool {
  @Implicit var audit: Audit // expected-note:3 {{'Audit' is required here by 'canAutoMerge(_:_:)'}}
  _ = audit
  return true
}

func merge(_ scope: ImplicitScope) throws(SyncError) {
  do throws(SyncError) {
    throw .conflict(1, "x")
  } catch .conflict(let id, let field) where canAutoMerge(field, scope) { // expected-note:46 {{'canAutoMerge(_:_:)' requires 'Audit', called here}}
    _ = id
  } catch {
    throw error
  }
}

func mergeWithoutAudit() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Audit}}
  defer { scope.end() }
  try? merge(scope) // expected-note:8 {{'merge(_:)' requires 'Audit', called here}}
}

@propertyWrapper struct Clamped {
  var wrappedValue: Int
  init(wrappedValue: Int, _ range: ClosedRange<Int>) {
    self.wrappedValue = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
}

func volumeRange(for output: Int, _ scope: ImplicitScope) -> ClosedRange<Int> {
  @Implicit var audit: Audit // expected-note:3 {{'Audit' is required here by 'volumeRange(for:_:)'}}
  _ = audit
  return 0...output
}

func play(_ scope: ImplicitScope) {
  @Clamped(volumeRange(for: 10, scope)) var volume = 5 // expected-note:12 {{'volumeRange(for:_:)' requires 'Audit', called here}}
  _ = volume
}

func playWithoutAudit() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Audit}}
  defer { scope.end() }
  play(scope) // expected-note:3 {{'play(_:)' requires 'Audit', called here}}
}

func audit(_ what: String, _ scope: ImplicitScope) {
  @Implicit var audit: Audit // expected-note:3 {{'Audit' is required here by 'audit(_:_:)'}}
  _ = audit
}

// The first `defer` names the parameter and runs after the nested scope
// ended.
func session(_ scope: ImplicitScope) {
  defer { audit("done", scope) } // expected-note:11 {{'audit(_:_:)' requires 'Audit', called here}}
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var trail = Audit()
  _ = trail
}

func sessionWithoutAudit() {
  let scope = ImplicitScope() // expected-error:3 {{Unresolved requirement: Audit}}
  defer { scope.end() }
  session(scope) // expected-note:3 {{'session(_:)' requires 'Audit', called here}}
}

// A `defer` written after the nested scope runs while it is open.
func sessionAuditedInside(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var trail = Audit()
  defer { audit("done", scope) }
}

func sessionInside() {
  let scope = ImplicitScope()
  defer { scope.end() }
  sessionAuditedInside(scope)
}
