import SwiftSyntax

/// What the declarations stage reads of a file: everything but the
/// statements of function, initializer, deinitializer and accessor bodies
/// (which only the bodies stage walks). Two versions of a file whose text
/// is the same byte for byte outside those statements, each part in the
/// same place (line and column; a part that starts with blanks and a line
/// break may start in another column of its line), declare the same
/// things in the same places: the declarations collected from one serve the other, once its
/// declaration nodes are paired with the other's (`pairs`).
struct DeclarationSkeleton {
  /// The byte ranges of the statements of bodies, in order.
  let bodies: [Range<Int>]
  /// The declaration and pattern-binding nodes outside them, in order.
  let declarations: [SyntaxIdentifier]
  /// The file's bytes.
  let text: [UInt8]

  init(of file: ParsedFile) {
    let walker = Walker(viewMode: .sourceAccurate)
    walker.walk(file.tree)
    bodies = walker.bodies
    declarations = walker.declarations
    text = file.tree.syntaxTextBytes
  }

  /// The declaration nodes of `new` with the nodes of `old` they stand
  /// for, when the two files differ only inside bodies; nil when anything
  /// else differs.
  static func pairs(new: ParsedFile, _ newSkeleton: Self, old: ParsedFile, _ oldSkeleton: Self)
    -> [(new: SyntaxIdentifier, old: SyntaxIdentifier)]?
  {
    guard new.limitDiagnostic == nil, old.limitDiagnostic == nil, newSkeleton.bodies.count == oldSkeleton.bodies.count,
      newSkeleton.declarations.count == oldSkeleton.declarations.count
    else { return nil }
    let newText = newSkeleton.text
    let oldText = oldSkeleton.text
    var newStart = 0
    var oldStart = 0
    for (newBody, oldBody) in zip(
      newSkeleton.bodies + [newText.count..<newText.count], oldSkeleton.bodies + [oldText.count..<oldText.count])
    {
      guard newText[newStart..<newBody.lowerBound].elementsEqual(oldText[oldStart..<oldBody.lowerBound]) else { return nil }
      newStart = newBody.upperBound
      oldStart = oldBody.upperBound
      let here = new.location(at: AbsolutePosition(utf8Offset: newStart))
      let there = old.location(at: AbsolutePosition(utf8Offset: oldStart))
      guard here.line == there.line else { return nil }
      // A body's last line may get longer or shorter: what follows it
      // stays in place when only blanks come before the next line break.
      if here.column != there.column, !blanksThenLineBreak(newText, from: newStart) { return nil }
    }
    return Array(zip(newSkeleton.declarations, oldSkeleton.declarations))
  }

  /// Whether `text` has only spaces and tabs (or a carriage return) from
  /// `start` to its next line feed, and one.
  private static func blanksThenLineBreak(_ text: [UInt8], from start: Int) -> Bool {
    for byte in text[start...] {
      switch byte {
      case 0x0A: return true
      case 0x20, 0x09, 0x0D: continue
      default: return false
      }
    }
    return false
  }

  /// Whether `node` is the statements of a body the declarations stage
  /// does not read.
  static func isBodyStatements(_ node: Syntax) -> Bool {
    guard node.kind == .codeBlockItemList, let parent = node.parent else { return false }
    if parent.kind == .accessorBlock { return true }  // `var x: T { … }`
    guard parent.kind == .codeBlock, let owner = parent.parent else { return false }
    switch owner.kind {
    case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorDecl: return true
    default: return false
    }
  }

  private final class Walker: SyntaxAnyVisitor {
    var bodies: [Range<Int>] = []
    var declarations: [SyntaxIdentifier] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      if DeclarationSkeleton.isBodyStatements(node) {
        bodies.append(node.position.utf8Offset..<node.endPosition.utf8Offset)
        return .skipChildren
      }
      if node.is(DeclSyntax.self) || node.kind == .patternBinding { declarations.append(node.id) }
      return .visitChildren
    }
  }
}
