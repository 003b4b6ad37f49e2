/// The standard library's closure parameters that run during the call
/// (Swift declares them without `@escaping`), on receivers whose type the
/// code declares, and structured concurrency. A method of the same name on
/// any other type (a `Publisher`'s `map`, a `lazy` collection's) is not
/// in the table: its closure escapes.
enum StandardClosures {
  /// Eager collections and `Optional`.
  private static let collections: Set<String> = [
    "Array", "ArraySlice", "ContiguousArray", "Set", "Dictionary", "Dictionary.Keys", "Dictionary.Values", "Range",
    "ClosedRange", "String", "Substring", "EnumeratedSequence", "ReversedCollection", "Slice", "Optional",
  ]

  /// Methods whose closures get the elements one at a time.
  private static let elementMethods: Set<String> = [
    "map", "flatMap", "compactMap", "filter", "forEach", "contains", "first", "last", "firstIndex", "lastIndex",
    "allSatisfy", "drop", "prefix", "removeAll", "partition", "split", "count",
  ]

  /// Methods whose closures compare two elements.
  private static let comparingMethods: Set<String> = ["sorted", "sort", "min", "max", "elementsEqual", "starts",
    "lexicographicallyPrecedes"]

  /// Methods whose closures get an accumulated value, then an element.
  private static let accumulatingMethods: Set<String> = ["reduce"]

  /// Dictionary methods whose closures get values.
  private static let valueMethods: Set<String> = ["mapValues", "compactMapValues", "merging", "merge"]

  /// Task groups: the body runs in the calling task; a child task ends
  /// before the group returns and inherits the calling task's values.
  static let taskGroupFunctions: [String: SemanticType] = [
    "withTaskGroup": .named("TaskGroup"), "withThrowingTaskGroup": .named("ThrowingTaskGroup"),
    "withDiscardingTaskGroup": .named("DiscardingTaskGroup"),
    "withThrowingDiscardingTaskGroup": .named("ThrowingDiscardingTaskGroup"),
  ]
  private static let taskGroupMethods: Set<String> = ["addTask", "addTaskUnlessCancelled"]

  static func runsDuringCall(_ method: String, receiver: SemanticType) -> Bool {
    guard case .nominal(let nominal) = receiver else {
      return receiver.isOptional && ["map", "flatMap"].contains(method)
    }
    if taskGroupFunctions.values.contains(.named(nominal.path)) { return taskGroupMethods.contains(method) }
    guard collections.contains(nominal.path) else { return false }
    return elementMethods.contains(method) || comparingMethods.contains(method)
      || accumulatingMethods.contains(method) || (nominal.path == "Dictionary" && valueMethods.contains(method))
  }

  /// The types of the closure's parameters, where the element type is known.
  static func parameterTypes(of method: String, receiver: SemanticType) -> [SemanticType?] {
    if case .optional(let wrapped) = receiver, ["map", "flatMap"].contains(method) { return [wrapped] }
    guard let element = receiver.element else { return [] }
    if elementMethods.contains(method) { return [element] }
    if comparingMethods.contains(method) { return [element, element] }
    if accumulatingMethods.contains(method) { return [nil, element] }
    return []
  }
}
