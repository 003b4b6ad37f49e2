import ImplicitsInterface
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#implicits`: expands to a call of the function that the analyzer
/// generates for this call site into the module's support file.
///
///     [implicits = #implicits]   →   [implicits = __implicits_bag_Feed_dswift_12_29()]
///
/// The function returns a bag holding exactly the keys that the code which
/// reopens the bag reads. Without the support file (no analyzer, no plugin)
/// the expansion does not compile: the error names the missing function.
public struct ImplicitsBagMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID),
      let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
      let line = Int(location.line.trimmedDescription),
      let column = Int(location.column.trimmedDescription)
    else {
      throw MacroExpansionErrorMessage("#implicits: the compiler did not provide the location of this call site")
    }
    let name = BagFunctionName.make(fileName: BagFunctionName.fileName(ofPath: file), line: line, column: column)
    return "\(raw: name)()"
  }
}
