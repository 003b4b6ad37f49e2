import ImplicitsInterface

/// What the analysis decided at each call and each closure argument, in
/// terms that `swiftc -dump-ast -dump-ast-format json` names too: places
/// are byte offsets in the source files, and a function of the module is
/// named by the offset of its declaration's last token (swiftc's
/// `range.end`). Made only when asked (`AnalysisRequest.recordsResolutions`,
/// `implicits analyze --emit-resolutions`): the tests compare it with the
/// compiler's own resolution, call by call.
public struct ResolutionLog: Sendable {
  /// Where a call goes, as the analysis sees it.
  public enum Target: Sendable, Equatable {
    /// A function, initializer or subscript of this module.
    case declaration(file: String, end: Int)
    /// A function of an upstream interface: its module and record key
    /// (`FunctionDecl.overloadKey`).
    case upstream(module: String, key: String)
    /// No function of the module or of an upstream interface can take the
    /// call: the standard library's, another module's, a closure value's.
    case outside
    /// A member of a value whose type the analysis does not know.
    case unknown
    /// Several functions the analysis cannot tell apart.
    case ambiguous
    /// A scope-passing call the analysis reported it cannot follow.
    case unresolved
  }

  public struct Call: Sendable {
    public var file: String
    /// The byte offsets swiftc may name the call by: its callee's name,
    /// then where the callee starts.
    public var offsets: [Int]
    public var line: Int
    public var column: Int
    /// The callee as written with the call's labels (`enqueue(_:_:onQueued:)`).
    public var name: String
    /// Whether a scope is one of the arguments: the calls whose resolution
    /// decides a verdict.
    public var passesScope: Bool
    public var target: Target
  }

  public struct Closure: Sendable {
    public var file: String
    /// The byte offset of the closure's `{`.
    public var offset: Int
    public var line: Int
    public var column: Int
    /// Taken to run during the call on the calling thread: its reads and
    /// calls are the call's.
    public var inPlace: Bool
    /// The rule that runs it in place although Swift lets it escape: a task
    /// group's child task (`"task-group"`).
    public var rule: String?
  }

  /// A function of the module's interface, by its record key, and where it
  /// is declared: downstream logs name upstream functions by key.
  public struct Declaration: Sendable {
    public var key: String
    public var file: String
    public var end: Int
  }

  /// A method of a class of the module, and a method of a subclass that
  /// overrides it (directly or not): a call of the first may run the second.
  public struct Override: Sendable {
    public var file: String
    public var end: Int
    public var overrideFile: String
    public var overrideEnd: Int
  }

  public var calls: [Call] = []
  public var closures: [Closure] = []
  public var declarations: [Declaration] = []
  public var overrides: [Override] = []

  public init() {}

  /// The log as one JSON document.
  public var json: JSONText {
    func target(_ target: Target) -> JSONText {
      switch target {
      case .declaration(let file, let end): .object(["kind": .string("declaration"), "file": .string(file), "end": .int(end)])
      case .upstream(let module, let key): .object(["kind": .string("upstream"), "module": .string(module), "key": .string(key)])
      case .outside: .object(["kind": .string("outside")])
      case .unknown: .object(["kind": .string("unknown")])
      case .ambiguous: .object(["kind": .string("ambiguous")])
      case .unresolved: .object(["kind": .string("unresolved")])
      }
    }
    return .object([
      "calls": .array(
        calls.map { call in
          .object([
            "file": .string(call.file), "offsets": .array(call.offsets.map(JSONText.int)), "line": .int(call.line),
            "column": .int(call.column), "name": .string(call.name), "passesScope": .bool(call.passesScope),
            "target": target(call.target),
          ])
        }),
      "closures": .array(
        closures.map { closure in
          .object([
            "file": .string(closure.file), "offset": .int(closure.offset), "line": .int(closure.line),
            "column": .int(closure.column), "inPlace": .bool(closure.inPlace),
            "rule": closure.rule.map(JSONText.string) ?? .null,
          ])
        }),
      "declarations": .array(
        declarations.map { .object(["key": .string($0.key), "file": .string($0.file), "end": .int($0.end)]) }),
      "overrides": .array(
        overrides.map {
          .object([
            "file": .string($0.file), "end": .int($0.end), "overrideFile": .string($0.overrideFile),
            "overrideEnd": .int($0.overrideEnd),
          ])
        }),
    ])
  }
}
