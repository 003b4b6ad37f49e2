import SwiftSyntax

/// What a name means inside a body.
enum LocalName {
  /// A value; its canonical type when the code shows it.
  case value(type: String?)
  /// A local function.
  case function(FunctionSymbol)
  /// A bag, reopened with `ImplicitScope(with: name)`.
  case bag(Bag)
  /// A local scope (`let scope = …`) or the scope parameter.
  case scope
}

/// One lexical block of a body.
final class Frame {
  var names: [String: LocalName] = [:]
  /// The frame starts a new unit (a closure or a local function): scopes of
  /// outer frames are not available in it.
  let startsUnit: Bool
  /// The block has opened a local scope.
  var opensScope = false
  /// Local scopes this block opened, innermost last, with the event lists
  /// they collect.
  var openScopes: [LocalScope] = []

  init(startsUnit: Bool) {
    self.startsUnit = startsUnit
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

  /// Frames of the current unit, innermost first.
  var unitFrames: ArraySlice<Frame> {
    guard let start = frames.lastIndex(where: \.startsUnit) else { return frames[...] }
    return frames[start...]
  }

  /// Whether a local scope is open in the current unit.
  var hasLocalScope: Bool { unitFrames.contains { $0.opensScope } }

  /// Whether `scope` names a scope of the current unit (parameter or local).
  var unitHasScopeName: Bool { unitFrames.contains { if case .scope = $0.names["scope"] { true } else { false } } }

  /// Whether `scope` names a scope of an enclosing unit (captured by a closure).
  var outerUnitHasScopeName: Bool {
    guard let start = frames.lastIndex(where: \.startsUnit) else { return false }
    return frames[..<start].contains { if case .scope = $0.names["scope"] { true } else { false } }
  }

  var current: Frame { frames[frames.count - 1] }
}
