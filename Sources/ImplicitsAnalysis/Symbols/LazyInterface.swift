import ImplicitsInterface

/// An upstream interface read from its file the first time the analysis
/// consults it. A build hands every module the interfaces of all the
/// modules it depends on, directly or not; a module reads only those it
/// imports (and what they re-export, and the modules that declare types it
/// reaches), so loading them all up front cost each module time in the
/// size of the whole graph below it.
///
/// A file that cannot be used reads as empty, and `failure` says why: the
/// caller fails the module with it after the analysis.
public final class LazyInterface: UpstreamInterface {
  public let moduleName: String
  public let path: String
  private var state: State = .unread

  private enum State {
    case unread
    case loaded(InterfaceFile)
    case failed(InterfaceError)
  }

  public init(moduleName: String, path: String) {
    self.moduleName = moduleName
    self.path = path
  }

  /// Why the file could not be used, once the analysis tried to.
  public var failure: InterfaceError? {
    if case .failed(let error) = state { return error }
    return nil
  }

  private var file: InterfaceFile? {
    switch state {
    case .loaded(let file): return file
    case .failed: return nil
    case .unread:
      do {
        let file = try InterfaceFile.load(path: path, expectedModule: moduleName)
        state = .loaded(file)
        return file
      } catch {
        state = .failed(error)
        return nil
      }
    }
  }

  public var fingerprint: Fingerprint { file?.fingerprint ?? Fingerprint(bytes: Array(repeating: 0, count: 32)) }
  public var reexports: [String] { file?.reexports ?? [] }
  public func functions(owner: String?, baseName: String) -> [FunctionDecl] {
    file?.functions(owner: owner, baseName: baseName) ?? []
  }
  public func type(named name: String) -> TypeDecl? { file?.type(named: name) }
  public func namedKey(_ name: String) -> NamedKeyDecl? { file?.namedKey(name) }
  public func typealiasDecl(named name: String) -> TypealiasDecl? { file?.typealiasDecl(named: name) }
  public func scopeTakingBaseNames() -> Set<String> { file?.scopeTakingBaseNames() ?? [] }
  public func recordNames() -> RecordNames { file?.recordNames() ?? RecordNames() }
}
