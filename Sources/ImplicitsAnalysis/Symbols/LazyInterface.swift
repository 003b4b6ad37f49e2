import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsToolSupport

/// An upstream interface read from its file the first time the analysis
/// consults it. A build hands every module the interfaces of all the
/// modules it depends on, directly or not; a module reads only those it
/// imports (and what they re-export, and the modules that declare types it
/// reaches), so loading them all up front cost each module time in the
/// size of the whole graph below it.
///
/// When the analysis holds more interface bytes than its `InterfaceBudget`
/// allows, the file it consulted least recently is let go and read (and
/// checked) again if consulted again; it must then have the fingerprint it
/// had the first time.
///
/// A file that cannot be used reads as empty, and `failure` says why: the
/// caller fails the module with it after the analysis.
public final class LazyInterface: UpstreamInterface {
  public let moduleName: String
  public let path: String
  private let budget: InterfaceBudget?
  private let fileSystem: any FileSystem
  private var state: State = .unread
  /// The fingerprint of the first reading.
  private var firstFingerprint: Fingerprint?
  /// When the analysis last consulted the file (the budget's clock).
  fileprivate var lastUse = 0
  /// Seconds spent reading and checking the file, every time it was read.
  public private(set) var secondsReading = 0.0

  private enum State {
    case unread
    case loaded(InterfaceFile)
    case released
    case failed(InterfaceError)
  }

  /// `budget`: shared by the interfaces of one analysis; nil holds every
  /// file read until the analysis ends. `fileSystem`: where the file is
  /// read (the language server's tests keep it in memory).
  public init(
    moduleName: String, path: String, budget: InterfaceBudget? = nil, fileSystem: any FileSystem = LocalFileSystem()
  ) {
    self.moduleName = moduleName
    self.path = path
    self.budget = budget
    self.fileSystem = fileSystem
  }

  /// Why the file could not be used, once the analysis tried to.
  public var failure: InterfaceError? {
    if case .failed(let error) = state { return error }
    return nil
  }

  private var file: InterfaceFile? {
    switch state {
    case .loaded(let file):
      budget?.consulted(self)
      return file
    case .failed: return nil
    case .unread, .released:
      let reading = Stopwatch()
      defer { secondsReading += reading.seconds }
      do {
        let file = try InterfaceFile.load(path: path, expectedModule: moduleName, fileSystem: fileSystem)
        if let firstFingerprint, file.fingerprint != firstFingerprint {
          state = .failed(
            InterfaceError(kind: .changed(first: firstFingerprint, now: file.fingerprint), path: path, module: moduleName))
          return nil
        }
        firstFingerprint = file.fingerprint
        state = .loaded(file)
        budget?.loaded(self, bytes: file.byteCount)
        return file
      } catch {
        state = .failed(error)
        return nil
      }
    }
  }

  /// Lets the file go (the budget's call); the next consultation reads it again.
  fileprivate func release() {
    if case .loaded = state { state = .released }
  }

  /// The fingerprint of the first reading (what the analysis used), or
  /// zeros for a file that could not be used.
  public var fingerprint: Fingerprint {
    firstFingerprint ?? file?.fingerprint ?? Fingerprint(bytes: Array(repeating: 0, count: 32))
  }
  public var reexports: [String] { file?.reexports ?? [] }
  public func functions(owner: String?, baseName: String) -> [FunctionDecl] {
    file?.functions(owner: owner, baseName: baseName) ?? []
  }
  public func type(named name: String) -> TypeDecl? { file?.type(named: name) }
  public func namedKey(_ name: String) -> NamedKeyDecl? { file?.namedKey(name) }
  public func typealiasDecl(named name: String) -> TypealiasDecl? { file?.typealiasDecl(named: name) }
  public func baseNames(withParameterFlags mask: UInt8) -> Set<String> { file?.baseNames(withParameterFlags: mask) ?? [] }
  public func recordNames() -> RecordNames { file?.recordNames() ?? RecordNames() }
}

/// How many bytes of upstream interface files one analysis holds at once.
///
/// A module that imports a thousand others would otherwise hold all their
/// interfaces (20 MB in the 1,000-module benchmark) until its analysis
/// ends: memory that grows with the project. Past the limit, the file
/// consulted least recently is let go; the file being consulted is always
/// kept, so a single file larger than the limit still works.
public final class InterfaceBudget {
  public let limit: Int
  /// The default: room for fifty interfaces of 20 KB (those of the
  /// 1,000-module benchmark's last layers, which list some 2,000 keys each)
  /// or a few hundred of ordinary size. A file is read again at most once
  /// per distinct name the analysis looks up in it (look-ups are cached),
  /// about 50 µs for 20 KB.
  public static let defaultLimit = 1 << 20

  /// Unowned: each interface holds its budget, and the analysis holds
  /// the interfaces until it ends.
  private struct Held {
    unowned let interface: LazyInterface
    let bytes: Int
  }

  private var held: [ObjectIdentifier: Held] = [:]
  private var heldBytes = 0
  private var clock = 0
  /// How many times a file was let go (for tests and measurements).
  public private(set) var releases = 0

  public init(limit: Int = InterfaceBudget.defaultLimit) {
    self.limit = limit
  }

  fileprivate func consulted(_ interface: LazyInterface) {
    clock += 1
    interface.lastUse = clock
  }

  fileprivate func loaded(_ interface: LazyInterface, bytes: Int) {
    consulted(interface)
    held[ObjectIdentifier(interface)] = Held(interface: interface, bytes: bytes)
    heldBytes += bytes
    while heldBytes > limit, held.count > 1 {
      // The least recently consulted, never the one just read.
      guard let oldest = held.min(by: { $0.value.interface.lastUse < $1.value.interface.lastUse }) else { break }
      held[oldest.key] = nil
      heldBytes -= oldest.value.bytes
      oldest.value.interface.release()
      releases += 1
    }
  }
}
