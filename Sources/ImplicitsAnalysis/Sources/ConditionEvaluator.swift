import SwiftSyntax

/// Decides `#if` clauses with the active compilation conditions (`-D`).
///
/// A condition is true, false or undecided: the analyzer knows the `-D`
/// set but not the platform, the compiler or the importable modules, so
/// `canImport(…)`, `os(…)`, `arch(…)`, `compiler(…)`, `swift(…)`,
/// `targetEnvironment(…)`, `hasFeature(…)` and the like are undecided.
struct ConditionEvaluator {
  enum Value {
    case yes, no, undecided

    static prefix func ! (value: Value) -> Value {
      switch value {
      case .yes: .no
      case .no: .yes
      case .undecided: .undecided
      }
    }
  }

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

  func evaluate(_ expression: ExprSyntax) -> Value {
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
      return evaluate(inner.expression)
    }
    if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
      return boolean.literal.tokenKind == .keyword(.true) ? .yes : .no
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return conditions.contains(reference.baseName.text) ? .yes : .no
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return !evaluate(prefix.expression)
    }
    if let infix = expression.as(InfixOperatorExprSyntax.self),
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
    {
      return combine(evaluate(infix.leftOperand), op, evaluate(infix.rightOperand))
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return evaluate(sequence: Array(sequence.elements))
    }
    // canImport, os, arch, compiler, swift, targetEnvironment, hasFeature, …
    return .undecided
  }

  /// `a && b || c` before operator folding: `&&` binds tighter than `||`.
  private func evaluate(sequence elements: [ExprSyntax]) -> Value {
    var orTerms: [Value] = []
    var current: Value? = nil
    var index = 0
    while index < elements.count {
      let element = elements[index]
      if let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text {
        if op == "||" {
          orTerms.append(current ?? .undecided)
          current = nil
        }
        index += 1
        continue
      }
      let value = evaluate(element)
      current = current.map { combine($0, "&&", value) } ?? value
      index += 1
    }
    orTerms.append(current ?? .undecided)
    return orTerms.dropFirst().reduce(orTerms[0]) { combine($0, "||", $1) }
  }

  private func combine(_ lhs: Value, _ op: String, _ rhs: Value) -> Value {
    switch op {
    case "&&":
      if lhs == .no || rhs == .no { return .no }
      if lhs == .yes && rhs == .yes { return .yes }
      return .undecided
    case "||":
      if lhs == .yes || rhs == .yes { return .yes }
      if lhs == .no && rhs == .no { return .no }
      return .undecided
    default:
      return .undecided
    }
  }

  /// The status of each clause of `ifConfig`, in order.
  func statuses(of ifConfig: IfConfigDeclSyntax) -> [(IfConfigClauseSyntax, ClauseStatus)] {
    var result: [(IfConfigClauseSyntax, ClauseStatus)] = []
    var earlierUndecided = false
    var decided = false
    for clause in ifConfig.clauses {
      if decided {
        result.append((clause, .inactive))
        continue
      }
      let value: Value = clause.condition.map(evaluate) ?? .yes  // `#else`
      switch value {
      case .yes:
        result.append((clause, earlierUndecided ? .undecided : .active))
        decided = true
      case .no:
        result.append((clause, .inactive))
      case .undecided:
        result.append((clause, .undecided))
        earlierUndecided = true
      }
    }
    return result
  }
}
