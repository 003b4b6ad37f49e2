/// The namespace of named keys.
///
/// Declare a named key once, in this module or an upstream one:
///
///     extension ImplicitsKeys {
///       static let apiBaseURL = Key<URL>()
///     }
///
/// and use it through its key path:
///
///     @Implicit(\.apiBaseURL) var apiURL = URL(string: "https://api.example.com")!
///     @Implicit(\.apiBaseURL) var apiURL: URL
///
/// Named keys need no generated code: the key's identity is the `Key`
/// object that the `static let` holds.
public enum ImplicitsKeys {
  /// A named key whose values have type `Value`.
  public final class Key<Value>: NamedImplicitKey, @unchecked Sendable {
    @usableFromInline let declaration: KeyDeclarationSite

    /// Creates a key. The default arguments record where the key is
    /// declared, which diagnostics and debug dumps use to name it.
    public init(
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {
      declaration = KeyDeclarationSite(
        fileID: fileID, filePath: filePath, line: line, column: column)
    }

    @usableFromInline var valueTypeName: String { String(reflecting: Value.self) }
  }
}

/// The spelling used in the original article (`extension ImplicitKeys { … }`).
public typealias ImplicitKeys = ImplicitsKeys

/// The key-path type through which named keys are used: `\.apiBaseURL`.
public typealias ImplicitKeyPath<Value> = KeyPath<ImplicitsKeys.Type, ImplicitsKeys.Key<Value>>

/// What every `Key<Value>` can say about itself without knowing `Value`.
@usableFromInline
protocol NamedImplicitKey: AnyObject {
  var declaration: KeyDeclarationSite { get }
  var valueTypeName: String { get }
}

/// Where a named key is declared.
@usableFromInline
struct KeyDeclarationSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
