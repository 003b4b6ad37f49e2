/// A module as the server analyzes it: its files, conditions and sources
/// root, and the modules below it, dependencies first, each with its
/// interface file when that is current, or what it takes to analyze it in
/// memory when it is missing or stale.
struct ModuleContext: Sendable {
  struct Upstream: Sendable {
    var module: String
    /// The interface file, when it is current for the text on disk.
    var interfacePath: String?
    /// The module itself, to analyze in memory when its file is not
    /// current or one of its files is open with other text.
    var context: ModuleContext?
  }

  var name: String
  var sourcesRoot: String
  /// Absolute paths of the module's source files.
  var files: [String]
  var conditions: [String]
  var upstream: [Upstream] = []
}

/// Where a file's module comes from.
protocol ProjectModel: AnyObject, Sendable {
  /// The manifest's path or the package's folder.
  var identity: String { get }
  /// The module that holds the file at `path`, if any.
  func module(containing path: String) -> String?
  /// Everything needed to analyze `module`; `isEdited` says whether a
  /// file is open with text other than on disk (its module's interface
  /// file is then not current).
  func context(of module: String, isEdited: (String) -> Bool) -> ModuleContext?
  /// Whether the project knew of the file at `path` when it was read (a
  /// file created since asks for the project to be read again).
  func lists(_ path: String) -> Bool
  /// Said once per project, when it cannot be used (a manifest with
  /// errors, a package SwiftPM cannot describe).
  var problem: String? { get }
}
