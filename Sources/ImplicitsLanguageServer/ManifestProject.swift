import ImplicitsBuild
import ImplicitsFileSystem
import ImplicitsManifest

/// The modules of an `implicits.yaml`, as `implicits build` sees them: a
/// file's module by the manifest's `sources`, upstream interfaces where the
/// last build wrote them, each current when the build's own up-to-date
/// check says so for the text on disk.
final class ManifestProject: ProjectModel, @unchecked Sendable {
  let manifestPath: String
  private let planner: BuildPlanner?
  let problem: String?
  var identity: String { manifestPath }
  /// The last build's database as last read: read again only when the
  /// file changed (a build ran), not at every keystroke.
  private var lastBuild: BuildDatabase?
  /// Its records as decoded, while the file is the same (each edit asks
  /// for the record of every module below the edited one).
  private var records: [String: ModuleState?] = [:]
  /// For each module below an edited one, by both names: the modules
  /// before it in `allInterfaces(below:)` whose interfaces it reads (the
  /// manifest's graph does not change while the project lives).
  private var visibleUpstream: [String: [Bool]] = [:]
  /// Where the manifest, the sources and the last build's database are read.
  private let fileSystem: any FileSystem

  init(manifestPath: String, fileSystem: any FileSystem = LocalFileSystem()) {
    self.manifestPath = manifestPath
    self.fileSystem = fileSystem
    switch Preflight.check(manifestPath: manifestPath, checkingImports: false, fileSystem: fileSystem) {
    case .success(let preflight):
      planner = BuildPlanner(preflight: preflight, fileSystem: fileSystem)
      problem = nil
    case .failure(let failure):
      planner = nil
      problem = "\(manifestPath) cannot be used: " + failure.problems.map(\.message).joined(separator: "; ")
    }
  }

  func module(containing path: String) -> String? {
    guard let preflight = planner?.preflight else { return nil }
    for (module, files) in preflight.sources where files.contains(where: { $0.path == path }) { return module }
    // A new file not on disk yet: the module one of whose files shares its folder.
    let folder = PathUtilities.directory(of: path)
    return preflight.sources.first { $0.value.contains { PathUtilities.directory(of: $0.path) == folder } }?.key
  }

  func lists(_ path: String) -> Bool {
    planner?.preflight.sources.values.contains { $0.contains { $0.path == path } } ?? false
  }

  func context(of module: String, isEdited: (String) -> Bool) -> ModuleContext? {
    guard let planner else { return nil }
    let database = BuildDatabase.openForReading(
      path: BuildDatabase.path(in: planner.layout), fileSystem: fileSystem, reusing: lastBuild)
    if !database.isUnchanged { records = [:] }
    lastBuild = database
    func record(of name: String) -> ModuleState? {
      if let known = records[name] { return known }
      let decoded = database.record(of: name)
      records[name] = decoded
      return decoded
    }
    var fingerprints: [String: String] = planner.preflight.externalFingerprints
    func own(_ name: String) -> ModuleContext {
      let job = planner.job(for: name)
      return ModuleContext(name: name, sourcesRoot: job.sourcesRoot, files: job.sources, conditions: job.conditions)
    }
    var upstream: [ModuleContext.Upstream] = []
    for (name, path) in planner.catalog.allInterfaces(below: module) {
      guard planner.catalog.isModule(name) else {
        upstream.append(ModuleContext.Upstream(module: name, interfacePath: path))
        continue
      }
      var context = own(name)
      let key = module + "\u{0}" + name
      let visible =
        visibleUpstream[key] ?? upstream.map { planner.catalog.interfacePath(of: $0.module, for: name) != nil }
      visibleUpstream[key] = visible
      context.upstream = zip(upstream, visible).filter(\.1).map(\.0)
      let planned = planner.plan(name, previous: record(of: name), fingerprint: { fingerprints[$0] })
      var current = false
      if case .done(let outcome) = planned.verdict, outcome.status == .upToDate, !context.files.contains(where: isEdited) {
        current = true
        fingerprints[name] = outcome.fingerprint
      }
      upstream.append(ModuleContext.Upstream(module: name, interfacePath: current ? path : nil, context: context))
    }
    var context = own(module)
    context.upstream = upstream
    return context
  }
}
