import SwiftIfConfig
import SwiftSyntax

/// Decides `#if` clauses with swift-syntax's `SwiftIfConfig`, configured
/// from the `-D` conditions and what the tool knows of the compiler.
///
/// The analyzer knows the custom conditions (`-D`) and lower bounds of the
/// compiler and language versions (the runtime needs a Swift 6 compiler);
/// it does not know the platform (`os`, `arch`, `targetEnvironment`,
/// `_endian`, `_pointerBitWidth`, …), the importable modules (`canImport`)
/// or the enabled features. A clause is *active* when it is the one
/// compiled whatever those unknowns are, *inactive* when it never is, and
/// *undecided* otherwise: every combination of the unknowns a condition
/// asks about is tried (up to `maximumUnknowns` of them; beyond, every
/// clause that may be compiled counts as undecided).
final class ConditionEvaluator {
  /// How a clause of an `#if` takes part in the build.
  enum ClauseStatus {
    /// Certainly compiled.
    case active
    /// Certainly not compiled.
    case inactive
    /// Compiled or not depending on what the analyzer cannot know.
    case undecided
  }

  let conditions: Set<String>
  static let maximumUnknowns = 10
  /// The Swift compiler that builds code using `Implicits` is at least 6.0;
  /// its language mode is at least 5.
  static let minimumCompiler = VersionTuple(6, 0)
  static let minimumLanguage = VersionTuple(5, 0)
  private var cache: [SyntaxIdentifier: [ClauseStatus]] = [:]

  init(conditions: Set<String>) {
    self.conditions = conditions
  }

  /// The status of each clause of `ifConfig`, in order.
  func statuses(of ifConfig: IfConfigDeclSyntax) -> [(IfConfigClauseSyntax, ClauseStatus)] {
    let clauses = Array(ifConfig.clauses)
    if let cached = cache[ifConfig.id] { return Array(zip(clauses, cached)) }
    let statuses = evaluate(ifConfig, clauses: clauses)
    cache[ifConfig.id] = statuses
    return Array(zip(clauses, statuses))
  }

  private func evaluate(_ ifConfig: IfConfigDeclSyntax, clauses: [IfConfigClauseSyntax]) -> [ClauseStatus] {
    let versions = VersionProbe(ifConfig)
    var unknowns: [String] = []
    var outcomes = Set<Int>()  // index of the active clause, or -1 for none
    var complete = false
    // The unknowns a condition asks about are found while evaluating it,
    // and may depend on earlier answers (`a && b` asks `b` only when `a`):
    // start again whenever a new one turns up.
    while !complete {
      complete = true
      outcomes.removeAll()
      guard unknowns.count <= Self.maximumUnknowns else {
        return clauses.map { _ in .undecided }
      }
      let combinations = 1 << unknowns.count
      search: for bits in 0..<combinations {
        for (language, compiler) in versions.candidates {
          var assignment: [String: Bool] = [:]
          for (index, name) in unknowns.enumerated() { assignment[name] = bits & (1 << index) != 0 }
          let configuration = ProbingConfiguration(
            customConditions: conditions, assignment: assignment, languageVersion: language, compilerVersion: compiler)
          let active = ifConfig.activeClause(in: configuration).clause
          let asked = configuration.asked.names.filter { !unknowns.contains($0) }
          if !asked.isEmpty {
            for name in asked where !unknowns.contains(name) { unknowns.append(name) }
            complete = false
            break search
          }
          outcomes.insert(active.flatMap { clause in clauses.firstIndex { $0.id == clause.id } } ?? -1)
        }
      }
    }
    if outcomes.count == 1 {
      let active = outcomes.first!
      return clauses.indices.map { $0 == active ? .active : .inactive }
    }
    return clauses.indices.map { outcomes.contains($0) ? .undecided : .inactive }
  }
}

/// Candidate language and compiler versions for a condition: the known
/// lower bounds, and each version the condition compares with and the one
/// just below it (so that every outcome of `swift(>=X)`, `compiler(<X)` is
/// tried).
private struct VersionProbe {
  var candidates: [(VersionTuple, VersionTuple)]

  init(_ ifConfig: IfConfigDeclSyntax) {
    var language: [VersionTuple] = [ConditionEvaluator.minimumLanguage]
    var compiler: [VersionTuple] = [ConditionEvaluator.minimumCompiler]
    for clause in ifConfig.clauses {
      guard let condition = clause.condition else { continue }
      for token in condition.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let name) = token.tokenKind, name == "swift" || name == "compiler",
          let call = token.parent?.parent?.as(FunctionCallExprSyntax.self), let argument = call.arguments.first
        else { continue }
        let text = argument.expression.trimmedText.drop(while: { "<>=".contains($0) })
        guard let version = VersionTuple(parsing: String(text)) else { continue }
        let below = VersionTuple(components: Self.below(version.components))
        if name == "swift" {
          language += [version, below].filter { !($0 < ConditionEvaluator.minimumLanguage) }
        } else {
          compiler += [version, below].filter { !($0 < ConditionEvaluator.minimumCompiler) }
        }
      }
    }
    var pairs: [(VersionTuple, VersionTuple)] = []
    for l in Self.unique(language) { for c in Self.unique(compiler) { pairs.append((l, c)) } }
    candidates = pairs.count > 64 ? Array(pairs.prefix(64)) : pairs
  }

  /// A version just below `components` (`5.9` → `5.8.999999`).
  private static func below(_ components: [Int]) -> [Int] {
    var result = components
    while let last = result.last, last == 0 { result.removeLast() }
    guard !result.isEmpty else { return [0] }
    result[result.count - 1] -= 1
    return result + [999_999]
  }

  private static func unique(_ versions: [VersionTuple]) -> [VersionTuple] {
    var seen: [String] = []
    return versions.filter { version in
      let key = version.description
      if seen.contains(key) { return false }
      seen.append(key)
      return true
    }
  }
}

/// What `ProbingConfiguration` was asked and could not know.
private final class AskedUnknowns {
  var names: [String] = []
}

/// A build configuration that answers custom conditions from `-D`, and
/// every question the tool cannot know the answer to from `assignment`
/// (false when unassigned), recording the question.
private struct ProbingConfiguration: BuildConfiguration {
  let customConditions: Set<String>
  let assignment: [String: Bool]
  let languageVersion: VersionTuple
  let compilerVersion: VersionTuple
  let asked = AskedUnknowns()

  private func unknown(_ name: String) -> Bool {
    if let value = assignment[name] { return value }
    if !asked.names.contains(name) { asked.names.append(name) }
    return false
  }

  func isCustomConditionSet(name: String) throws -> Bool { customConditions.contains(name) }
  func hasFeature(name: String) throws -> Bool { unknown("hasFeature(\(name))") }
  func hasAttribute(name: String) throws -> Bool { unknown("hasAttribute(\(name))") }

  func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
    let path = importPath.map(\.1).joined(separator: ".")
    switch version {
    case .unversioned: return unknown("canImport(\(path))")
    case .version(let version): return unknown("canImport(\(path), \(version))")
    case .underlyingVersion(let version): return unknown("canImport(\(path), underlying \(version))")
    }
  }

  func isActiveTargetOS(name: String) throws -> Bool { unknown("os(\(name))") }
  func isActiveTargetArchitecture(name: String) throws -> Bool { unknown("arch(\(name))") }
  func isActiveTargetEnvironment(name: String) throws -> Bool { unknown("targetEnvironment(\(name))") }
  func isActiveTargetRuntime(name: String) throws -> Bool { unknown("_runtime(\(name))") }
  func isActiveTargetPointerAuthentication(name: String) throws -> Bool { unknown("_ptrauth(\(name))") }
  func isActiveTargetObjectFormat(name: String) throws -> Bool { unknown("objectFormat(\(name))") }

  var targetPointerBitWidth: Int { unknown("_pointerBitWidth(_32)") ? 32 : 64 }
  var targetAtomicBitWidths: [Int] { unknown("_hasAtomicBitWidth(_128)") ? [8, 16, 32, 64, 128] : [8, 16, 32, 64] }
  var endianness: Endianness { unknown("_endian(big)") ? .big : .little }
}
