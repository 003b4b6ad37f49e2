import ImplicitsInterface

/// The upstream interfaces an analysis may read, found by module name the
/// first time the analysis asks for one.
///
/// `implicits analyze` hands a list. A build hands a look-up into its
/// graph: a module may read the interface of any module it depends on,
/// directly or not, but reads only those it imports (and what they
/// re-export, and the modules that declare the types it reaches), so a
/// module deep in a graph costs what it reads, not what lies below it.
public final class UpstreamInterfaces {
  private let find: (String) -> (any UpstreamInterface)?
  private var found: [String: (any UpstreamInterface)?] = [:]

  /// A list of interfaces; the first of a module's name counts.
  public convenience init(_ files: [any UpstreamInterface]) {
    var byName: [String: any UpstreamInterface] = [:]
    for file in files where byName[file.moduleName] == nil { byName[file.moduleName] = file }
    self.init(finding: { byName[$0] })
  }

  /// `find` gives the interface of a module, nil when the analysis may not
  /// read one; it is asked at most once per name.
  public init(finding find: @escaping (String) -> (any UpstreamInterface)?) {
    self.find = find
  }

  /// The interface of `module`, when the analysis may read one.
  public func interface(of module: String) -> (any UpstreamInterface)? {
    if let known = found[module] { return known }
    let interface = find(module)
    found[module] = interface
    return interface
  }

  /// The interfaces asked for so far that exist.
  public var asked: [any UpstreamInterface] { found.values.compactMap { $0 } }

  /// Seconds spent so far reading and checking the files of the
  /// interfaces asked for (those read from disk).
  public var secondsReading: Double {
    found.values.reduce(0) { $0 + (($1 as? LazyInterface)?.secondsReading ?? 0) }
  }

  /// Every name asked for so far, with what it found (nil: no interface).
  var answers: [String: (any UpstreamInterface)?] { found }
}

/// The names that, first in a dotted type (`Core` in `Core.Service`), name
/// a module: the module itself, the ones it imports, the toolchain's, and
/// every upstream module the analysis may read, asked name by name.
final class ModuleNames: ExpressibleByArrayLiteral {
  private let known: Set<String>
  private let upstream: UpstreamInterfaces?

  init(known: Set<String>, upstream: UpstreamInterfaces?) {
    self.known = known
    self.upstream = upstream
  }

  convenience init(arrayLiteral names: String...) {
    self.init(known: Set(names), upstream: nil)
  }

  func contains(_ name: some StringProtocol) -> Bool {
    let name = String(name)
    return known.contains(name) || upstream?.interface(of: name) != nil
  }
}
