import PackagePlugin

@main
struct ImplicitsAnalysisPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] { [] }
}
