import ImplicitsFileSystem

/// The upstream interface files a session read, each kept while its file
/// stays the same (identity, size and time) and readable; with a budget,
/// they share it, so that a module that reads many holds only some of
/// their contents at once (a build server's many modules); without one,
/// each holds its contents (an editor's module, analyzed after every
/// edit, reads them again never).
final class KeptInterfaceFiles {
  private let fileSystem: any FileSystem
  private var files: [String: (status: FileStatus, interface: LazyInterface)] = [:]
  /// Shared by the kept interfaces (it holds them unowned: dropped with them).
  private let budget: InterfaceBudget?

  init(fileSystem: any FileSystem, budget: InterfaceBudget?) {
    self.fileSystem = fileSystem
    self.budget = budget
  }

  /// The interface of `module` at `path`: the kept object while the file
  /// did not change, else a new one (kept when the file has a status; one
  /// without says why it cannot be read when the analysis reads it).
  func interface(of module: String, at path: String) -> LazyInterface {
    guard case .success(let status) = fileSystem.status(path) else {
      files[path] = nil
      return LazyInterface(moduleName: module, path: path, budget: budget, fileSystem: fileSystem)
    }
    if let kept = files[path], kept.status == status, kept.interface.moduleName == module, kept.interface.failure == nil {
      return kept.interface
    }
    let interface = LazyInterface(moduleName: module, path: path, budget: budget, fileSystem: fileSystem)
    files[path] = (status, interface)
    return interface
  }
}
