import ImplicitsInterface

/// The standard library's methods whose closure parameters run in place
/// (Swift declares them without `@escaping`, and they call them on the
/// calling thread), on receivers whose type the code declares, and
/// structured concurrency. A call is one of them only when its labels fit
/// the method's parameters (`forEach(on:_:)` is not `forEach(_:)`) and no
/// method of the module or of an upstream interface takes the call
/// (`FileBodyWalker.standardMethod(of:)` asks that first). A method of the same
/// name on any other type (a `Publisher`'s `map`, a `lazy` collection's) is
/// not in the table: its closure escapes.
enum StandardClosures {
  /// What the closure's parameters are, given the receiver's element.
  enum ClosureInput {
    case element, twoElements, accumulatorAndElement, none
  }

  /// One method: its parameters and what its closure receives.
  struct Method {
    let parameters: [FunctionDecl.Parameter]
    let input: ClosureInput

    /// Whether the argument at `index` of a call with these labels goes to
    /// a closure parameter (nil: a trailing closure, which goes to the last).
    func runsInPlace(argument index: Int?, of arguments: CallResolver.Arguments) -> Bool {
      guard let index else { return parameters.last?.isClosure == true }
      guard let positions = CallResolver.argumentPositions(parameters, arguments), index < positions.count else { return false }
      return parameters[positions[index]].isClosure
    }
  }

  private static func closure(_ label: String? = nil) -> FunctionDecl.Parameter {
    FunctionDecl.Parameter(label: label, isClosure: true, runsInPlace: true)
  }
  private static func value(_ label: String? = nil, defaulted: Bool = false) -> FunctionDecl.Parameter {
    FunctionDecl.Parameter(label: label, hasDefault: defaulted)
  }

  /// Eager collections' methods.
  private static let collectionMethods: [String: [Method]] = {
    var table: [String: [Method]] = [:]
    for name in ["map", "flatMap", "compactMap", "filter", "forEach", "allSatisfy"] {
      table[name] = [Method(parameters: [closure()], input: .element)]
    }
    for name in ["contains", "first", "last", "firstIndex", "lastIndex", "removeAll", "count"] {
      table[name] = [Method(parameters: [closure("where")], input: .element)]
    }
    for name in ["drop", "prefix"] { table[name] = [Method(parameters: [closure("while")], input: .element)] }
    table["partition"] = [Method(parameters: [closure("by")], input: .element)]
    table["split"] = [
      Method(
        parameters: [value("maxSplits", defaulted: true), value("omittingEmptySubsequences", defaulted: true), closure("whereSeparator")],
        input: .element)
    ]
    for name in ["sorted", "sort", "min", "max"] { table[name] = [Method(parameters: [closure("by")], input: .twoElements)] }
    table["elementsEqual"] = [Method(parameters: [value(), closure("by")], input: .twoElements)]
    table["lexicographicallyPrecedes"] = [Method(parameters: [value(), closure("by")], input: .twoElements)]
    table["starts"] = [Method(parameters: [value("with"), closure("by")], input: .twoElements)]
    table["reduce"] = [
      Method(parameters: [value(), closure()], input: .accumulatorAndElement),
      Method(parameters: [value("into"), closure()], input: .accumulatorAndElement),
    ]
    return table
  }()

  /// `Dictionary`'s own.
  private static let dictionaryMethods: [String: [Method]] = [
    "mapValues": [Method(parameters: [closure()], input: .none)],
    "compactMapValues": [Method(parameters: [closure()], input: .none)],
    "merging": [Method(parameters: [value(), closure("uniquingKeysWith")], input: .none)],
    "merge": [Method(parameters: [value(), closure("uniquingKeysWith")], input: .none)],
  ]

  /// Eager collections and their views.
  private static let collections: Set<String> = [
    "Array", "ArraySlice", "ContiguousArray", "Set", "Dictionary", "Dictionary.Keys", "Dictionary.Values", "Range",
    "ClosedRange", "String", "Substring", "EnumeratedSequence", "ReversedCollection", "Slice",
  ]

  /// Task groups: the body runs in the calling task; a child task ends
  /// before the group returns and inherits the calling task's values.
  static let taskGroupFunctions: [String: SemanticType] = [
    "withTaskGroup": .named("TaskGroup"), "withThrowingTaskGroup": .named("ThrowingTaskGroup"),
    "withDiscardingTaskGroup": .named("DiscardingTaskGroup"),
    "withThrowingDiscardingTaskGroup": .named("ThrowingDiscardingTaskGroup"),
  ]
  private static let taskGroupMethod = Method(parameters: [value("priority", defaulted: true), closure("operation")], input: .none)

  /// The method `name` of `receiver` that a call with `arguments` reaches,
  /// if it is in the table.
  static func method(_ name: String, receiver: SemanticType, arguments: CallResolver.Arguments) -> Method? {
    let candidates: [Method]
    switch receiver {
    case .optional:
      candidates = ["map", "flatMap"].contains(name) ? [Method(parameters: [closure()], input: .none)] : []
    case .nominal(let nominal):
      if taskGroupFunctions.values.contains(.named(nominal.path)) {
        candidates = ["addTask", "addTaskUnlessCancelled"].contains(name) ? [taskGroupMethod] : []
      } else if collections.contains(nominal.path) {
        candidates = (collectionMethods[name] ?? []) + (nominal.path == "Dictionary" ? dictionaryMethods[name] ?? [] : [])
      } else {
        candidates = []
      }
    default:
      candidates = []
    }
    return candidates.first { CallResolver.matches($0.parameters, arguments) }
  }

  /// The types of the closure's parameters, where the element type is known.
  static func parameterTypes(of method: Method, receiver: SemanticType) -> [SemanticType?] {
    if case .optional(let wrapped) = receiver { return [wrapped] }
    guard let element = receiver.element else { return [] }
    switch method.input {
    case .element: return [element]
    case .twoElements: return [element, element]
    case .accumulatorAndElement: return [nil, element]
    case .none: return []
    }
  }
}
