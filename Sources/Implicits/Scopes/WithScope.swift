/// Runs `body` in a new root scope and ends the scope afterwards.
///
///     withScope { scope in
///       @Implicit var network = NetworkService()
///       App(scope).start()
///     }
@discardableResult
public func withScope<Result, Failure: Error>(
  _ body: (ImplicitScope) throws(Failure) -> Result
) throws(Failure) -> Result {
  let scope = ImplicitScope()
  defer { scope.end() }
  return try body(scope)
}

/// Runs `body` in a scope that provides the values of `implicits`.
@discardableResult
public func withScope<Result, Failure: Error>(
  with implicits: Implicits,
  _ body: (ImplicitScope) throws(Failure) -> Result
) throws(Failure) -> Result {
  let scope = ImplicitScope(with: implicits)
  defer { scope.end() }
  return try body(scope)
}

/// Runs `body` in a scope nested in `outer`: it sees the values of `outer`,
/// and what it provides ends with it.
///
///     withScope(nesting: scope) { scope in
///       @Implicit var theme = Theme.dark
///       render(scope)
///     }
@discardableResult
public func withScope<Result, Failure: Error>(
  nesting outer: ImplicitScope,
  _ body: (ImplicitScope) throws(Failure) -> Result
) throws(Failure) -> Result {
  let scope = outer.nested()
  defer { scope.end() }
  return try body(scope)
}

/// Runs the async `body` in a scope nested in `outer`.
@discardableResult
public func withScope<Result, Failure: Error>(
  nesting outer: ImplicitScope,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (ImplicitScope) async throws(Failure) -> Result
) async throws(Failure) -> Result {
  let scope = outer.nested()
  defer { scope.end() }
  return try await body(scope)
}

/// Runs the async `body` in a new root scope. Values provided in it stay
/// readable across every `await`, and child tasks started in it see them.
@discardableResult
public func withScope<Result, Failure: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (ImplicitScope) async throws(Failure) -> Result
) async throws(Failure) -> Result {
  let scope = ImplicitScope()
  defer { scope.end() }
  return try await body(scope)
}

/// Runs the async `body` in a scope that provides the values of `implicits`.
@discardableResult
public func withScope<Result, Failure: Error>(
  with implicits: Implicits,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (ImplicitScope) async throws(Failure) -> Result
) async throws(Failure) -> Result {
  let scope = ImplicitScope(with: implicits)
  defer { scope.end() }
  return try await body(scope)
}
