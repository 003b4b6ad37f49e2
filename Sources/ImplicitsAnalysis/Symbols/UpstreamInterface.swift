import ImplicitsInterface

/// What the analyzer needs of an upstream module's interface: lookups by
/// name, so that an interface file can answer them from its index without
/// decoding everything.
public protocol UpstreamInterface: AnyObject {
  var moduleName: String { get }
  var fingerprint: Fingerprint { get }
  var reexports: [String] { get }
  func functions(owner: String?, baseName: String) -> [FunctionDecl]
  func type(named name: String) -> TypeDecl?
  func namedKey(_ name: String) -> NamedKeyDecl?
  func typealiasDecl(named name: String) -> TypealiasDecl?
  /// The base names of the functions the interface lists one of whose
  /// parameters has a flag of `mask` (`2` the scope, `4` a closure).
  func baseNames(withParameterFlags mask: UInt8) -> Set<String>
  /// The names the interface holds records under.
  func recordNames() -> RecordNames
}

/// An interface held in memory (tests, and modules analyzed in the same
/// process).
public final class InMemoryInterface: UpstreamInterface {
  public let content: InterfaceContent
  public let fingerprint: Fingerprint
  private let functionsByKey: [String: [FunctionDecl]]
  private let typesByName: [String: TypeDecl]

  public init(_ content: InterfaceContent, fingerprint: Fingerprint) {
    self.content = content.normalized()
    self.fingerprint = fingerprint
    functionsByKey = Dictionary(grouping: self.content.functions, by: \.lookupKey)
    typesByName = Dictionary(self.content.types.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
  }

  public var moduleName: String { content.moduleName }
  public var reexports: [String] { content.reexports }

  public func functions(owner: String?, baseName: String) -> [FunctionDecl] {
    functionsByKey[FunctionDecl.lookupKey(owner: owner, baseName: baseName)] ?? []
  }

  public func type(named name: String) -> TypeDecl? { typesByName[name] }

  public func namedKey(_ name: String) -> NamedKeyDecl? { content.namedKeys.first { $0.name == name } }

  public func typealiasDecl(named name: String) -> TypealiasDecl? {
    content.typealiases.first { $0.qualifiedName == name }
  }

  public func baseNames(withParameterFlags mask: UInt8) -> Set<String> {
    Set(content.functions.filter { $0.parameters.contains { $0.flags & mask != 0 } }.map(\.baseName))
  }

  public func recordNames() -> RecordNames {
    RecordNames(
      types: content.types.map(\.qualifiedName), functions: content.functions.map(\.lookupKey),
      namedKeys: content.namedKeys.map(\.name), typealiases: content.typealiases.map(\.qualifiedName))
  }
}
