import CImplicitsRuntime

/// The implicit values of one line of execution: a thread that runs no task,
/// or one task.
///
/// A context is mutated only by its owner. It keeps the nodes it pushed on a
/// stack (markers of open scopes and provided values), an index from key to
/// the node that binds it now, and the chain it inherited from a parent task
/// when it was opened in a child task.
///
/// On a thread without a task the context lives in a thread-local slot. In a
/// task, each open scope is bound as one task-local value that holds the
/// context's newest node, so that the task finds its context again after any
/// `await`, whatever thread resumes it, and so that child tasks
/// (`async let`, task groups, `Task {}`) inherit the chain visible where they
/// started.
@usableFromInline
final class Context {
  /// The task that owns this context; nil for a thread's own context. Kept
  /// in a cell of its own, read and written atomically (see `cached`).
  @usableFromInline let ownerCell: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  @usableFromInline var owner: UnsafeRawPointer? {
    @inline(__always) get { UnsafeRawPointer(implicits_load_owner(ownerCell)) }
    set { implicits_store_owner(ownerCell, UnsafeMutableRawPointer(mutating: newValue)) }
  }
  @exclusivity(unchecked) @usableFromInline var index = KeyIndex()
  /// The newest node: the top of `stack`, or `base` when the stack is empty.
  @exclusivity(unchecked) @usableFromInline var top: Unmanaged<Node>?
  /// The chain inherited from the parent task, if any.
  @exclusivity(unchecked) var base: Node?
  /// Every node this context pushed and has not popped, oldest first. Each
  /// entry is one strong reference.
  @exclusivity(unchecked) var stack: ContiguousArray<Unmanaged<Node>> = []
  /// For each open scope, innermost last: the stack height when it was
  /// opened and the scope's serial number.
  @exclusivity(unchecked) var scopeMarks: ContiguousArray<(height: Int, serial: UInt64)> = []
  /// Numbers the scopes this context opens, never reused, so that a scope
  /// value kept past its end is recognized whatever was opened since.
  @exclusivity(unchecked) var nextSerial: UInt64 = 1
  /// A thread's own context (as opposed to one a task attached).
  @exclusivity(unchecked) var isThreadContext = false
  /// Set when a popped node was still referenced (by a child task); such a
  /// context is never recycled for another owner.
  @exclusivity(unchecked) var hasEscapedNodes = false
  /// Recycled nodes, linked through `nextFree`; the list holds +1 each.
  @exclusivity(unchecked) private var freeList: Unmanaged<Node>?

  init() {
    ownerCell = .allocate(capacity: 1)
    ownerCell.initialize(to: nil)
    stack.reserveCapacity(32)
    scopeMarks.reserveCapacity(8)
  }

  deinit {
    pop(to: 0)
    while let free = freeList {
      freeList = free._withUnsafeGuaranteedRef { $0.nextFree }
      free.release()
    }
    index.deallocate()
    ownerCell.deallocate()
  }

  @usableFromInline var isInTask: Bool { owner != nil }

  // MARK: Attaching

  /// Makes this context the one of `task` (nil: of the current thread),
  /// inheriting `base`.
  func attach(owner task: UnsafeRawPointer?, base inherited: Node?) {
    owner = task
    base = inherited
    top = inherited.map { Unmanaged.passUnretained($0) }
    var node = top
    while let current = node {
      current._withUnsafeGuaranteedRef { current in
        if let key = current.key, index.find(key) == nil {
          _ = index.bind(key, to: Unmanaged.passUnretained(current))
        }
        node = current.parent
      }
    }
  }

  /// Forgets the owner and the inherited chain once the last scope ended.
  func detach() {
    owner = nil
    base = nil
    top = nil
    index.unbindAll()
  }

  // MARK: Pushing and popping

  /// Pushes a node: a scope marker when `key` is nil, otherwise a value.
  /// In a task, the task-local binding of the innermost scope (`binding`, its
  /// storage) is moved to the new node (a value), or a new binding is made
  /// (a marker).
  @usableFromInline
  func push(key implicitKey: ImplicitKey?, value: __owned StoredValue?, binding: UnsafeMutableRawPointer?) {
    let reference: Unmanaged<Node>
    if let free = freeList {
      reference = free
      freeList = free._withUnsafeGuaranteedRef { $0.nextFree }
    } else {
      reference = Unmanaged.passRetained(Node())
    }
    let key = implicitKey?.address
    reference._withUnsafeGuaranteedRef { node in
      node.key = key
      node.keyObject = implicitKey?.object
      node.value = value?.object
      node.isBoxed = value?.isBoxed ?? false
      node.parent = top
      node.context = Unmanaged.passUnretained(self)
      node.owner = owner
      node.nextFree = nil
      if let key {
        node.shadowed = index.bind(key, to: reference)
      }
    }
    stack.append(reference)
    top = reference
    guard owner != nil else { return }
    let object = reference.retain().toOpaque()
    if key == nil {
      implicits_push_task_binding(object, Context.nodeMetadata)
    } else {
      // The innermost scope's binding holds this context's newest node;
      // it now holds the new one. The old one stays reachable as its parent.
      let previous = implicits_swap_binding(binding ?? implicits_task_binding()!, object)
      Unmanaged<Node>.fromOpaque(previous).release()
    }
  }

  /// Pops nodes until the stack is `height` high, recycling every node that
  /// nothing else references.
  func pop(to height: Int) {
    while stack.count > height {
      let reference = stack.removeLast()
      top = stack.last ?? base.map { Unmanaged.passUnretained($0) }
      let isUnique = swift_isUniquelyReferenced_nonNull_native(reference.toOpaque())
      reference._withUnsafeGuaranteedRef { node in
        if let key = node.key {
          index.restore(key, to: node.shadowed)
        }
        if isUnique {
          node.reset()
          node.nextFree = freeList
        } else {
          // A child task still holds the chain that includes this node; it
          // keeps the node, its value, its parent and this context alive.
          node.escape()
        }
      }
      if isUnique {
        freeList = reference
      } else {
        hasEscapedNodes = true
        reference.release()
      }
    }
  }

  // MARK: Scopes

  @usableFromInline
  func openScope() -> ImplicitScope {
    let serial = nextSerial
    nextSerial &+= 1
    scopeMarks.append((stack.count, serial))
    // In a task, each scope is a task-local binding of its own (what child
    // tasks started in it inherit). It holds this context's newest node: a
    // new marker when the context has none yet, else the node the enclosing
    // scope's binding holds, until a value is provided. A thread finds its
    // context without a binding.
    if isInTask {
      if let newest = stack.last {
        implicits_push_task_binding(newest.retain().toOpaque(), Context.nodeMetadata)
      } else {
        push(key: nil, value: nil, binding: nil)
      }
    }
    return ImplicitScope(context: self, serial: serial)
  }

  @usableFromInline
  func endScope(serial: UInt64, file: StaticString, line: UInt) {
    guard let position = scopeMarks.lastIndex(where: { $0.serial == serial }) else {
      Diagnostics.fail("ImplicitScope.end() called on a scope that has already ended", file: file, line: line)
    }
    let later = scopeMarks.count - 1 - position
    guard later == 0 else {
      Diagnostics.fail(
        "ImplicitScope.end() called while \(later) scope(s) opened after it are still open; "
          + "end scopes in the reverse order of opening (use `defer { scope.end() }` right after opening)",
        file: file, line: line)
    }
    if isInTask { implicits_pop_task_binding() }
    pop(to: scopeMarks.removeLast().height)
    if scopeMarks.isEmpty { Context.release(self) }
  }

  // MARK: Finding the current context

  @usableFromInline static var nodeMetadata: UnsafeRawPointer {
    unsafeBitCast(Node.self as AnyClass, to: UnsafeRawPointer.self)
  }

  /// The context that the current task owns, if its newest binding is one
  /// of that context's nodes.
  @inline(__always)
  static func owned(by task: UnsafeMutableRawPointer, top: Node) -> Unmanaged<Context>? {
    guard top.owner == UnsafeRawPointer(task), let context = top.context else { return nil }
    let isNewest = context._withUnsafeGuaranteedRef { $0.top?.toOpaque() == Unmanaged.passUnretained(top).toOpaque() }
    return isNewest ? context : nil
  }

  /// The context a scope nested in `outer` opens in: `outer`'s own when it
  /// belongs to the current thread or task (found without a look-up), else
  /// the current one.
  @usableFromInline
  static func nesting(in outer: Context) -> Unmanaged<Context> {
    let task = implicits_current_task()
    if let task {
      if outer.owner == UnsafeRawPointer(task) { return Unmanaged.passUnretained(outer) }
    } else if outer.isThreadContext,
      implicits_get_thread_context() == Unmanaged.passUnretained(outer).toOpaque()
    {
      return Unmanaged.passUnretained(outer)
    }
    return current(task: task)
  }

  /// The context that the current thread or task writes to, created (and
  /// attached) when there is none. Not retained: a thread's context lives as
  /// long as the thread, a task's as long as it has an open scope.
  @usableFromInline
  static func current() -> Unmanaged<Context> {
    current(task: implicits_current_task())
  }

  static func current(task: UnsafeMutableRawPointer?) -> Unmanaged<Context> {
    if let task {
      if let context = cached(for: task) { return context }
      var inherited: Node?
      if let binding = implicits_task_binding_object() {
        let found = Unmanaged<Node>.fromOpaque(binding)._withUnsafeGuaranteedRef { top -> Unmanaged<Context>? in
          if let context = owned(by: task, top: top) { return context }
          inherited = top
          return nil
        }
        if let found {
          cache(found, for: task)
          return found
        }
      }
      let context = takeSpare() ?? Unmanaged.passRetained(Context())
      context._withUnsafeGuaranteedRef { $0.attach(owner: UnsafeRawPointer(task), base: inherited) }
      cache(context, for: task)
      // Owned by its scopes from now on; released when the last one ends.
      return context
    }
    if let raw = implicits_get_thread_context() {
      return Unmanaged<Context>.fromOpaque(raw)
    }
    let context = Unmanaged.passRetained(Context())
    context._withUnsafeGuaranteedRef {
      $0.attach(owner: nil, base: nil)
      $0.isThreadContext = true
    }
    implicits_set_thread_context(context.toOpaque())
    implicits_release_at_thread_exit(Context.releaseAtThreadExit)
    return context
  }

  /// The context of `task` if it is the one this thread found last. A
  /// task has at most one context at a time (a context is attached to a
  /// task when the task opens its first scope and detached when the last
  /// one ends), so a context whose owner is the current task is its context.
  @inline(__always)
  static func cached(for task: UnsafeMutableRawPointer) -> Unmanaged<Context>? {
    guard implicits_get_cached_task() == task, let raw = implicits_get_cached_context() else { return nil }
    let context = Unmanaged<Context>.fromOpaque(raw)
    return context._withUnsafeGuaranteedRef { $0.owner == UnsafeRawPointer(task) } ? context : nil
  }

  /// Remembers `context` as the context of `task` on this thread (+1).
  static func cache(_ context: Unmanaged<Context>, for task: UnsafeMutableRawPointer) {
    let old = implicits_get_cached_context()
    implicits_set_cached(task, context.retain().toOpaque())
    if let old { Unmanaged<Context>.fromOpaque(old).release() }
    implicits_release_at_thread_exit(Context.releaseAtThreadExit)
  }

  /// Where a value provided here goes: the context the current thread or
  /// task writes to, if it has an open scope there, and in a task the
  /// storage of its innermost binding.
  @usableFromInline
  static func provideTarget() -> (context: Unmanaged<Context>, binding: UnsafeMutableRawPointer?)? {
    if let task = implicits_current_task() {
      guard let binding = implicits_task_binding() else { return nil }
      let top = Unmanaged<Node>.fromOpaque(implicits_binding_object(binding))
      guard let context = top._withUnsafeGuaranteedRef({ owned(by: task, top: $0) }) else { return nil }
      return (context, binding)
    }
    guard let raw = implicits_get_thread_context() else { return nil }
    let context = Unmanaged<Context>.fromOpaque(raw)
    return context._withUnsafeGuaranteedRef { $0.scopeMarks.isEmpty } ? nil : (context, nil)
  }

  /// The newest node visible here, for dumps.
  static func visibleTop() -> Node? {
    if implicits_current_task() != nil {
      guard let binding = implicits_task_binding_object() else { return nil }
      return Unmanaged<Node>.fromOpaque(binding).takeUnretainedValue()
    }
    guard let raw = implicits_get_thread_context() else { return nil }
    return Unmanaged<Context>.fromOpaque(raw).takeUnretainedValue().top?.takeUnretainedValue()
  }

  /// A task's context whose last scope ended gives up the reference its
  /// scopes held. It is kept for the next task that opens a scope on this
  /// thread, unless a child task still holds one of its nodes.
  static func release(_ context: Context) {
    guard context.isInTask else { return }
    let reusable = !context.hasEscapedNodes
    context.detach()
    let reference = Unmanaged.passUnretained(context)
    guard reusable else {
      reference.release()
      return
    }
    if let old = implicits_get_spare_context() {
      Unmanaged<Context>.fromOpaque(old).release()
    }
    implicits_set_spare_context(reference.toOpaque())
    implicits_release_at_thread_exit(Context.releaseAtThreadExit)
  }

  /// Releases the contexts a thread kept (its own and a spare one) when the
  /// thread exits.
  static let releaseAtThreadExit: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
    guard let raw else { return }
    Unmanaged<Context>.fromOpaque(raw).release()
  }

  private static func takeSpare() -> Unmanaged<Context>? {
    guard let raw = implicits_get_spare_context() else { return nil }
    implicits_set_spare_context(nil)
    return Unmanaged<Context>.fromOpaque(raw)
  }
}
