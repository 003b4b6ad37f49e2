import ImplicitsInterface

/// What one analysis's look-ups into its upstream modules found, by what
/// was asked: each answer is computed once by `UpstreamModules` (the
/// index of the visible interfaces) and kept here. The questions are
/// values (a name, an identity, a name in a module), not joined strings.
/// Each table is its own stored property: a look-up that asks another
/// while computing its answer changes only that other table.
final class UpstreamLookups {
  /// A name looked up in the visible modules, or in one module.
  struct NameInModule: Hashable {
    let module: String?
    let name: String
  }

  /// A function's base name, of an owner (nil: a free function), in the
  /// visible modules or in one module.
  struct FunctionName: Hashable {
    let module: String?
    let owner: String?
    let baseName: String
  }

  /// The identity of a top-level type by its name.
  var visibleTypes = Answers<String, String?>()
  /// A type's declaration record, by identity.
  var typeDeclarations = Answers<String, (decl: TypeDecl, module: String)?>()
  /// A type's records (declaration and extensions), by identity.
  var typeRecords = Answers<String, [(decl: TypeDecl, module: String)]>()
  var typealiases = Answers<NameInModule, (decl: TypealiasDecl, module: String)?>()
  var functions = Answers<FunctionName, [UpstreamFunction]>()
  var namedKeys = Answers<String, (decl: NamedKeyDecl, module: String)?>()
}

/// Answers by question, each computed the first time it is asked.
struct Answers<Question: Hashable, Answer> {
  private var known: [Question: Answer] = [:]

  /// The answer to `question`: the one kept, else `compute`'s, kept.
  mutating func answer(_ question: Question, _ compute: () -> Answer) -> Answer {
    if let answer = known[question] { return answer }
    let answer = compute()
    known[question] = answer
    return answer
  }
}
