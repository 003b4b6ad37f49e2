import CImplicitsRuntime

/// A marker of where implicit values live, passed explicitly down the call
/// stack: `func pay(_ price: Int, _ scope: ImplicitScope)`.
///
/// Open a scope, end it with `defer`, and provide values in between:
///
///     let scope = ImplicitScope()
///     defer { scope.end() }
///     @Implicit var wallet = Wallet(balance: 500)
///     goShopping(scope)
///
/// `nested()` opens a scope inside the current one; values provided in it
/// shadow outer ones and disappear at its `end()`. `ImplicitScope(with:)`
/// reopens a bag captured by `#implicits`.
public struct ImplicitScope: @unchecked Sendable {
  @usableFromInline let context: Context
  /// The scope's number in its context.
  @usableFromInline let serial: UInt64

  @usableFromInline
  init(context: Context, serial: UInt64) {
    self.context = context
    self.serial = serial
  }

  /// Opens a root scope.
  public init() {
    self = Context.current()._withUnsafeGuaranteedRef { $0.openScope() }
  }

  /// Opens a scope that provides the values of a bag captured by
  /// `#implicits` (or `Implicits(capturing:)`).
  public init(with implicits: Implicits) {
    self = Context.current()._withUnsafeGuaranteedRef { context in
      let scope = context.openScope()
      let binding = context.isInTask ? implicits_task_binding() : nil
      for entry in implicits.entries {
        context.push(key: entry.key, value: entry.value, binding: binding)
      }
      return scope
    }
  }

  /// Opens a root scope that provides the values of `implicits`, or none
  /// when it is nil (the original library's `ImplicitScope(with: nil)`).
  public init(with implicits: Implicits?) {
    if let implicits {
      self.init(with: implicits)
    } else {
      self.init()
    }
  }

  /// Opens a scope nested in the current one.
  public func nested() -> ImplicitScope {
    Context.nesting(in: context)._withUnsafeGuaranteedRef { $0.openScope() }
  }

  /// Ends this scope: the values provided in it (and in any scope nested in
  /// it) are no longer visible. Call it as `defer { scope.end() }` right
  /// after opening the scope.
  public func end(fileID: StaticString = #fileID, line: UInt = #line) {
    let task = implicits_current_task()
    let ownedHere: Bool
    if let task {
      ownedHere = context.owner == UnsafeRawPointer(task)
    } else {
      ownedHere = context.owner == nil
        && implicits_get_thread_context() == Unmanaged.passUnretained(context).toOpaque()
    }
    guard ownedHere else {
      if !context.isThreadContext && context.owner == nil {
        // A task's context whose last scope ended: this scope ended too.
        Diagnostics.fail("ImplicitScope.end() called on a scope that has already ended", file: fileID, line: line)
      }
      Diagnostics.fail(
        "ImplicitScope.end() called on a scope that was opened by another thread or task; "
          + "end a scope where it was opened", file: fileID, line: line)
    }
    context.endScope(serial: serial, file: fileID, line: line)
  }
}
