#if DEBUG
import CImplicitsRuntime
import Foundation

extension ImplicitScope {
  /// Everything visible at this point, for the debugger:
  ///
  ///     p ImplicitScope.dumpCurrent()
  ///     p ImplicitScope.dumpCurrent().keys
  ///     p ImplicitScope.dumpCurrent()[like: "network"]
  ///
  /// Available in DEBUG builds only.
  public static func dumpCurrent() -> DebugCollection {
    var seen = Set<UnsafeRawPointer>()
    var elements: [DebugCollection.Element] = []
    var node = Context.visibleTop()
    while let current = node {
      if let key = current.key, seen.insert(key).inserted, let object = current.value {
        let implicitKey = current.keyObject.map { ImplicitKey(named: $0) } ?? ImplicitKey(type: key)
        let value = StoredValue(object: object, isBoxed: current.isBoxed).anyValue
        elements.append(.init(key: implicitKey.description, value: value))
      }
      node = current.parent?.takeUnretainedValue()
    }
    return DebugCollection(elements: elements.sorted { $0.key < $1.key })
  }

  /// The visible implicits, sorted by key.
  public struct DebugCollection: RandomAccessCollection, CustomStringConvertible {
    /// One visible implicit.
    public struct Element: CustomStringConvertible {
      /// The key: a fully qualified type name or a named key (`\.name`).
      public let key: String
      /// The value.
      public let value: Any
      public var description: String { "\(key) = \(value)" }
    }

    public let elements: [Element]
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }

    /// Every key, sorted.
    public var keys: [String] { elements.map(\.key) }

    /// The implicits whose key contains `fragment`, ignoring case.
    public subscript(like fragment: String) -> [Element] {
      elements.filter { $0.key.range(of: fragment, options: .caseInsensitive) != nil }
    }

    public var description: String {
      elements.isEmpty ? "(no implicits)" : elements.map(\.description).joined(separator: "\n")
    }
  }
}
#endif
