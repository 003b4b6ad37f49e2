import ImplicitsFileSystem

/// The errors the commands word themselves (the build's are in
/// ImplicitsBuild): what is wrong and what to do.
extension ToolFailure {
  /// Something about module `module` went wrong outside its code.
  static func module(_ module: String, _ error: any Error) -> ToolFailure {
    ToolFailure("module '\(module)': \(error)")
  }

  /// The SwiftPM plugin: a dependency uses Implicits but was not analyzed.
  static func dependencyWithoutInterface(target: String, dependency: String) -> ToolFailure {
    ToolFailure(
      "target '\(target)' depends on target '\(dependency)', which uses Implicits but has no "
        + ".implicitinterface: add `plugins: [.plugin(name: \"ImplicitsAnalysisPlugin\", package: \"swift-implicits\")]` "
        + "to target '\(dependency)'")
  }
}
