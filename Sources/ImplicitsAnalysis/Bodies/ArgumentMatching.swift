import ImplicitsInterface

/// Which parameter each argument of a call goes to, as Swift matches them
/// (labels, defaulted and variadic parameters, trailing closures).
extension CallResolver {
  /// Whether a call with these labels can go to a function with these
  /// parameters: labels in order, defaulted parameters skippable, trailing
  /// closures filling the remaining parameters.
  static func matches(_ parameters: [FunctionDecl.Parameter], _ arguments: Arguments) -> Bool {
    argumentPositions(parameters, arguments) != nil
  }

  /// For each argument, the index of the parameter it goes to (nil when the
  /// call cannot go to a function with these parameters).
  static func argumentPositions(_ parameters: [FunctionDecl.Parameter], _ arguments: Arguments) -> [Int]? {
    matchArguments(parameters, arguments)?.arguments
  }

  /// Where each argument, then each trailing closure, goes, as Swift
  /// matches them: labels in order, a variadic parameter taking the
  /// unlabeled arguments after its first, defaulted and variadic parameters
  /// skippable; the first trailing closure to the first parameter left that
  /// can take it, each labeled one to the parameter of its label (forward
  /// scan). The trailing closures' places are nil when their labels are not
  /// known: they then fill the parameters left, by count.
  static func matchArguments(_ parameters: [FunctionDecl.Parameter], _ arguments: Arguments)
    -> (arguments: [Int], trailing: [Int]?)?
  {
    var positions: [Int] = []
    var trailing: [Int] = []
    func skippable(_ parameter: Int) -> Bool { parameters[parameter].hasDefault || parameters[parameter].isVariadic }
    func restSkippable(_ parameter: Int) -> Bool { (parameter..<parameters.count).allSatisfy(skippable) }
    func matchTrailing(_ closure: Int, _ parameter: Int, labels: [String?]) -> Bool {
      if closure == labels.count { return restSkippable(parameter) }
      guard parameter < parameters.count else { return false }
      let takes: Bool
      if closure == 0 {
        takes = !parameters[parameter].isScope && (parameters[parameter].isClosure || !skippable(parameter))
      } else {
        takes = parameters[parameter].label == labels[closure]
      }
      if takes {
        trailing.append(parameter)
        if matchTrailing(closure + 1, parameter + 1, labels: labels) { return true }
        trailing.removeLast()
      }
      return skippable(parameter) && matchTrailing(closure, parameter + 1, labels: labels)
    }
    func match(_ argument: Int, _ parameter: Int) -> Bool {
      if argument == arguments.labels.count {
        if let labels = arguments.trailingLabels { return matchTrailing(0, parameter, labels: labels) }
        let remaining = parameters[parameter...]
        let required = remaining.filter { !$0.hasDefault && !$0.isVariadic }.count
        return required <= arguments.trailingClosures && arguments.trailingClosures <= remaining.count
      }
      guard parameter < parameters.count else { return false }
      if parameters[parameter].label == arguments.labels[argument] {
        positions.append(parameter)
        if parameters[parameter].isVariadic {
          // The unlabeled arguments that follow, as many as can go.
          var extra = 0
          while argument + 1 + extra < arguments.labels.count, arguments.labels[argument + 1 + extra] == nil { extra += 1 }
          for taken in stride(from: extra, through: 0, by: -1) {
            positions += Array(repeating: parameter, count: taken)
            if match(argument + 1 + taken, parameter + 1) { return true }
            positions.removeLast(taken)
          }
        } else if match(argument + 1, parameter + 1) {
          return true
        }
        positions.removeLast()
      }
      return skippable(parameter) && match(argument, parameter + 1)
    }
    guard match(0, 0) else { return nil }
    return (positions, arguments.trailingLabels == nil ? nil : trailing)
  }
}
