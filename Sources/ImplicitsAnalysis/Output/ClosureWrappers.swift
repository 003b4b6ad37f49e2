import ImplicitsInterface

/// The functions behind closure wrappers (`withNameImplicits { a, scope in … }`):
/// each captures, where it is called, exactly what its closure requires,
/// and returns a plain escaping closure of the other parameters that
/// reopens them.
///
///     func withFeedImplicits<Result, A1>(
///       _ body: @escaping (A1, ImplicitScope) -> Result
///     ) -> (A1) -> Result {
///       let implicits = Implicits(capturing: [.type((App.Analytics).self)])
///       return { a1 in
///         let scope = ImplicitScope(with: implicits)
///         defer { scope.end() }
///         return body(a1, scope)
///       }
///     }
enum ClosureWrappers {
  static func generate(
    _ wrappers: some Sequence<ClosureWrapper>, solved: SolvedRequirements, capture: ([ImplicitKeyRef], String) -> String
  ) -> String {
    var out = ""
    for wrapper in wrappers.sorted(by: { $0.name < $1.name }) {
      let arguments = (0..<wrapper.argumentCount).map { "a\($0 + 1)" }
      let generics = (["Result"] + (0..<wrapper.argumentCount).map { "A\($0 + 1)" }).joined(separator: ", ")
      let types = (0..<wrapper.argumentCount).map { "A\($0 + 1)" }
      out += "\n/// The closure wrapper at \(wrapper.location.fileName):\(wrapper.location.line):\(wrapper.location.column).\n"
      out += "func \(wrapper.name)<\(generics)>(\n"
      out += "  _ body: @escaping (\((types + ["ImplicitScope"]).joined(separator: ", "))) -> Result\n"
      out += ") -> (\(types.joined(separator: ", "))) -> Result {\n"
      out += "  let implicits = " + capture(Array(solved.requirements(of: wrapper.unit).keys), "  ") + "\n"
      out += "  return {" + (arguments.isEmpty ? "" : " " + arguments.joined(separator: ", ") + " in") + "\n"
      out += "    let scope = ImplicitScope(with: implicits)\n"
      out += "    defer { scope.end() }\n"
      out += "    return body(\((arguments + ["scope"]).joined(separator: ", ")))\n"
      out += "  }\n"
      out += "}\n"
    }
    return out
  }
}
