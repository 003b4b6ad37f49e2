import CImplicitsRuntime

/// The operations that `@Implicit`, `Implicit.map` and `Implicits` are
/// built from. Reads are O(1): one task-local or thread-local load and one
/// probe of the owner's key index; they allocate nothing.
@usableFromInline
enum Runtime {
  /// The node that binds `key` at this point of execution.
  @usableFromInline
  static func lookup(_ key: UnsafeRawPointer) -> Unmanaged<Node>? {
    if let task = implicits_current_task() {
      if let context = Context.cached(for: task) {
        return context._withUnsafeGuaranteedRef { $0.index.find(key) }
      }
      guard let binding = implicits_task_binding_object() else { return nil }
      return Unmanaged<Node>.fromOpaque(binding)._withUnsafeGuaranteedRef { top in
        if let context = Context.owned(by: task, top: top) {
          Context.cache(context, for: task)
          return context._withUnsafeGuaranteedRef { $0.index.find(key) }
        }
        // A child task that has not opened a scope of its own reads the
        // chain it inherited.
        return find(key, from: Unmanaged.passUnretained(top))
      }
    }
    guard let raw = implicits_get_thread_context() else { return nil }
    return Unmanaged<Context>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.index.find(key) }
  }

  private static func find(_ key: UnsafeRawPointer, from top: Unmanaged<Node>) -> Unmanaged<Node>? {
    var node: Unmanaged<Node>? = top
    while let current = node {
      let (matches, parent) = current._withUnsafeGuaranteedRef { ($0.key == key, $0.parent) }
      if matches { return current }
      node = parent
    }
    return nil
  }

  /// The value of `key`, or a stop that names the key and the read.
  @inlinable @inline(__always)
  static func read<T>(_ key: ImplicitKey, as _: T.Type, fileID: StaticString, line: UInt) -> T {
    guard let node = lookup(key.address) else {
      missing(key, fileID: fileID, line: line)
    }
    return node._withUnsafeGuaranteedRef { $0.unwrap(as: T.self) }
  }

  /// The value of `key`, if provided.
  @inlinable @inline(__always)
  static func readIfPresent<T>(_ key: ImplicitKey, as _: T.Type) -> T? {
    guard let node = lookup(key.address) else { return nil }
    return node._withUnsafeGuaranteedRef { $0.unwrap(as: T.self) }
  }

  /// Binds `key` to `value` in the innermost open scope.
  @usableFromInline
  static func provide(_ key: ImplicitKey, _ value: __owned StoredValue, fileID: StaticString, line: UInt) {
    guard let (context, binding) = Context.provideTarget() else {
      Diagnostics.fail(
        "@Implicit provides \(key) outside any open ImplicitScope; open one first "
          + "(`let scope = ImplicitScope()` or `let scope = scope.nested()`, then `defer { scope.end() }`)",
        file: fileID, line: line)
    }
    context._withUnsafeGuaranteedRef { $0.push(key: key, value: value, binding: binding) }
  }

  @usableFromInline
  static func missing(_ key: ImplicitKey, fileID: StaticString, line: UInt) -> Never {
    Diagnostics.fail(
      "no implicit value for \(key) is provided here; provide it in a scope that reaches this read "
        + "(`@Implicit var value: \(key.isNamed ? "T" : "\(key)") = …`), or run the analyzer to find the path that misses it",
      file: fileID, line: line)
  }
}

/// How the runtime stops the program on misuse.
@usableFromInline
enum Diagnostics {
  @usableFromInline
  static func fail(_ message: String, file: StaticString, line: UInt) -> Never {
    fatalError("Implicits: " + message, file: file, line: line)
  }
}
