/// What a read reads, as the bodies stage finds it: kept as a value until
/// a chain step spells it (`spelled`, the one place that does), so that
/// the stages after the bodies read facts, not prose.
enum ReadSource: Hashable {
  /// An `@Implicit` variable of the unit: the step names only the unit.
  case implicitVariable
  /// A stored `@Implicit` property of `owner`, read by its initializer
  /// (or by a subclass's).
  case storedProperty(name: String, owner: String)
  /// The keys a function's `@RequiresImplicits` declares.
  case declaredImplicits(function: String)
  /// The source of an `Implicit.map`.
  case implicitMap

  /// How a chain step names it (`ChainStep.detail`): empty for an
  /// `@Implicit` variable.
  var spelled: String {
    switch self {
    case .implicitVariable: ""
    case .storedProperty(let name, let owner): "stored property '\(name)' of '\(owner)'"
    case .declaredImplicits(let function): "'@RequiresImplicits' of '\(function)'"
    case .implicitMap: "Implicit.map"
    }
  }
}
