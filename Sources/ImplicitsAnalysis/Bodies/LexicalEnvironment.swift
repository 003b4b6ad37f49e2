import SwiftSyntax

/// What a name means inside a body.
enum LocalName {
  /// A value; its type when the code declares it.
  case value(type: SemanticType?)
  /// Local functions of one name, in the order declared (overloads by labels
  /// or types).
  case functions([FunctionSymbol])
  /// A type declared in the body.
  case type(TypeSymbol)
  /// A bag, reopened with `ImplicitScope(with: name)`.
  case bag(Bag)
  /// A local scope (`let scope = …`), the scope parameter, or the scope
  /// parameter of a `withScope` or closure-wrapper closure.
  case scope
}

/// One lexical block of a body.
final class Frame {
  var names: [String: LocalName] = [:]
  /// The frame starts a new unit (a closure or a local function): scopes of
  /// outer frames are not available in it.
  let startsUnit: Bool
  /// The undecided `#if` clause the block starts in: a scope created in
  /// the block outlives any clause entered later.
  let region: Int?
  /// The block has opened a local scope.
  var opensScope = false
  /// The first block of a nested function that runs in its caller's
  /// scope: the scopes of the frames around it are its own.
  var inheritsScopes = false
  /// How many local scopes this block opened and has not closed.
  var openScopes = 0
  /// The non-escaping closure parameters it binds (a function's first block).
  var closureParameters: [String: ClosureParameter] = [:]

  init(startsUnit: Bool, region: Int?) {
    self.startsUnit = startsUnit
    self.region = region
  }
}

/// The lexical environment of the body being built: frames from the
/// outermost (the enclosing unit's first block) to the innermost.
struct LexicalEnvironment {
  var frames: [Frame] = []

  func lookup(_ name: String) -> LocalName? {
    for frame in frames.reversed() {
      if let found = frame.names[name] { return found }
    }
    return nil
  }

  /// Where a name bound to a scope comes from, if it is one.
  enum ScopeBinding {
    /// A scope of the unit being built.
    case current
    /// A scope of an enclosing unit (a closure or a nested function uses it).
    case outer
  }

  func scopeBinding(_ name: String) -> ScopeBinding? {
    var crossedUnit = false
    for frame in frames.reversed() {
      if let found = frame.names[name] {
        guard case .scope = found else { return nil }
        return crossedUnit ? .outer : .current
      }
      if frame.startsUnit && !frame.inheritsScopes { crossedUnit = true }
    }
    return nil
  }

  /// Frames of the current unit, innermost last.
  var unitFrames: ArraySlice<Frame> {
    guard let start = frames.lastIndex(where: \.startsUnit) else { return frames[...] }
    return frames[start...]
  }

  /// Whether a local scope is open in the current unit.
  var hasLocalScope: Bool { unitFrames.contains { $0.opensScope } }

  /// Whether an enclosing unit has a scope (a closure or nested function
  /// could have meant to use it).
  var outerUnitHasScope: Bool {
    guard let start = frames.lastIndex(where: \.startsUnit) else { return false }
    return frames[..<start].contains { frame in
      frame.opensScope || frame.names.values.contains { if case .scope = $0 { true } else { false } }
    }
  }

  var current: Frame { frames[frames.count - 1] }
}
