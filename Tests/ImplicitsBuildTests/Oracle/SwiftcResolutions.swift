import ImplicitsTestSupport
import Foundation

/// What swiftc decided for one module, read from its type-checked tree
/// (`swiftc -frontend -dump-ast -dump-ast-format json`, every file a
/// primary file): the declaration every call goes to, and which closures
/// are non-escaping. Places are byte offsets in the files, as swiftc's
/// `range` gives them.
struct SwiftcResolutions {
  /// A declaration: where it is (`range.end`, its last token) and what it is.
  struct Declaration {
    var file: String
    var end: Int
    var kind: String
    /// Made by the compiler (a memberwise initializer): no code of the
    /// module runs.
    var isImplicit: Bool
    /// What it overrides: an initializer a class inherits is an implicit
    /// one that overrides its superclass's.
    var overrides: [String] = []

    /// A function, initializer, accessor or subscript the module wrote.
    var isWrittenFunction: Bool {
      !isImplicit && ["func_decl", "constructor_decl", "accessor_decl", "subscript_decl"].contains(kind)
    }
  }

  /// A function declared in a body: swiftc gives it no USR, and calls of it
  /// name it by base name and type.
  struct LocalFunction {
    var name: String
    /// Its argument labels (empty for `_`).
    var labels: [String]
    var type: String
    var declaration: Declaration
    /// The body it is declared in (the nearest function or closure).
    var container: ClosedRange<Int>
  }

  struct Place: Hashable {
    var file: String
    var offset: Int
  }

  /// Declarations by USR.
  var declarations: [String: Declaration] = [:]
  /// The USR each call's callee names (empty: a value, such as a closure
  /// parameter), by the place of the callee's name.
  var calls: [Place: String] = [:]
  /// Whether each closure is non-escaping, by the place of its `{`.
  var closures: [Place: Bool] = [:]
  /// Functions declared in bodies, by file.
  var localFunctions: [String: [LocalFunction]] = [:]
  /// Calls of a name without USR: the name, its type, and the bodies
  /// around the call, innermost last.
  var unnamedCalls: [Place: (name: String, labels: [String]?, type: String, containers: [ClosedRange<Int>])] = [:]

  /// Dumps `sources` as one module and reads the trees.
  static func dump(
    moduleName: String, sources: [String], extraArguments: [String], in directory: String
  ) throws -> SwiftcResolutions {
    let output = try TemporaryDirectory()
    var arguments = ["-frontend", "-dump-ast", "-dump-ast-format", "json", "-module-name", moduleName] + extraArguments
    for (index, source) in sources.enumerated() {
      arguments += ["-primary-file", source, "-o", "\(output.path)/\(index).json"]
    }
    let result = try RuntimeCompiler.swiftc(arguments, in: directory)
    guard result.status == 0 else {
      throw OracleError("swiftc -dump-ast of \(moduleName) failed:\n\(result.errors.prefix(4000))")
    }
    var resolutions = SwiftcResolutions()
    for index in sources.indices {
      let data = try Data(contentsOf: URL(fileURLWithPath: "\(output.path)/\(index).json"))
      guard let tree = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let file = tree["filename"] as? String
      else { throw OracleError("swiftc wrote no tree for \(sources[index])") }
      resolutions.read(tree, file: file, containers: [])
    }
    return resolutions
  }

  private mutating func read(_ node: Any, file: String, containers: [ClosedRange<Int>]) {
    if let list = node as? [Any] {
      for element in list { read(element, file: file, containers: containers) }
      return
    }
    guard let object = node as? [String: Any] else { return }
    let kind = object["_kind"] as? String ?? ""
    let range = Self.range(object)
    if let range, kind.hasSuffix("_decl") {
      let declaration = Declaration(
        file: file, end: range.end, kind: kind, isImplicit: object["implicit"] as? Bool ?? false,
        overrides: object["override"] as? [String] ?? [])
      if let usr = object["usr"] as? String {
        declarations[usr] = declaration
      } else if kind == "func_decl", let container = containers.last, let name = Self.baseName(object),
        let type = object["interface_type"] as? String
      {
        let labels = ((object["name"] as? [String: Any])?["args"] as? [String]) ?? []
        localFunctions[file, default: []].append(
          LocalFunction(name: name, labels: labels, type: type, declaration: declaration, container: container))
      }
    }
    switch kind {
    case "call_expr":
      if let function = object["fn"], let (offset, usr, name, type) = Self.callee(function) {
        calls[Place(file: file, offset: offset)] = usr
        if usr.isEmpty {
          // Each argument's label ("" for none), trailing closures included.
          let arguments = (object["args"] as? [String: Any])?["args"] as? [[String: Any]]
          let labels = arguments.map { $0.map { $0["label"] as? String ?? "" } }
          unnamedCalls[Place(file: file, offset: offset)] = (name, labels, type, containers)
        }
      }
    case "closure_expr":
      if let range, let type = object["type"] as? String {
        closures[Place(file: file, offset: range.start)] = Self.isNonEscaping(type)
      }
    default:
      break
    }
    let isBody = ["func_decl", "constructor_decl", "accessor_decl", "destructor_decl", "closure_expr"].contains(kind)
    let inner = isBody && range != nil ? containers + [range!.start...range!.end] : containers
    for (key, value) in object where key != "range" {
      read(value, file: file, containers: inner)
    }
  }

  private static func baseName(_ object: [String: Any]) -> String? {
    guard let name = object["name"] as? [String: Any], let base = name["base_name"] as? [String: Any] else { return nil }
    return base["name"] as? String
  }

  /// The declaration a call goes to: by USR; an inherited initializer is
  /// the superclass's it overrides; a function declared in a body is the
  /// one of that name and type in the innermost body around the call.
  func declaration(calledAt place: Place, upstream: [SwiftcResolutions]) -> Declaration? {
    guard let usr = calls[place] else { return nil }
    if usr.isEmpty {
      guard let call = unnamedCalls[place] else { return nil }
      // The innermost body around the call that declares a function of
      // that name; among its overloads, the one of the call's labels, then
      // of its type.
      let named = (localFunctions[place.file] ?? []).filter { $0.name == call.name }
      for container in call.containers.reversed() {
        var candidates = named.filter { $0.container == container }
        guard !candidates.isEmpty else { continue }
        if candidates.count > 1, let labels = call.labels { candidates = candidates.filter { $0.labels == labels } }
        if candidates.count > 1 { candidates = candidates.filter { $0.type == call.type } }
        return candidates.count == 1 ? candidates[0].declaration : nil
      }
      return nil
    }
    var current = usr
    var seen = Set<String>()
    while seen.insert(current).inserted {
      guard let found = declarations[current] ?? upstream.lazy.compactMap({ $0.declarations[current] }).first else {
        return nil
      }
      guard found.isImplicit, found.kind == "constructor_decl", let overridden = found.overrides.first else { return found }
      current = overridden
    }
    return nil
  }

  private static func range(_ object: [String: Any]) -> (start: Int, end: Int)? {
    guard let range = object["range"] as? [String: Any], let start = range["start"] as? Int, let end = range["end"] as? Int
    else { return nil }
    return (start, end)
  }

  /// The place of the callee's name and the USR it refers to, through the
  /// conversions swiftc wraps it in.
  private static func callee(_ node: Any) -> (Int, String, String, String)? {
    guard let object = node as? [String: Any], let kind = object["_kind"] as? String else { return nil }
    switch kind {
    case "declref_expr", "other_constructor_ref_expr", "member_ref_expr":
      guard let range = range(object), let decl = object["decl"] as? [String: Any] else { return nil }
      return (
        range.start, decl["decl_usr"] as? String ?? "", decl["base_name"] as? String ?? "", decl["type_usr"] as? String ?? ""
      )
    case "dot_syntax_call_expr", "constructor_ref_call_expr":
      return object["fn"].flatMap(callee)
    default:
      guard let inner = object["sub_expr"] else { return nil }
      return callee(inner)
    }
  }

  /// A function type mangled as noescape (`…XE` before the final `D`).
  static func isNonEscaping(_ mangledType: String) -> Bool {
    mangledType.hasSuffix("XED")
  }
}

struct OracleError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
