// swift-tools-version: 6.0
import PackageDescription

// DemoCore and DemoApp use ImplicitsAnalysisPlugin, with #implicits bags;
// `swift build --product DemoApp` builds and runs them. MissingPluginApp
// depends on MissingPluginCore, which uses Implicits without the plugin:
// `swift build --target MissingPluginApp` must fail and name it.
let implicits = Target.Dependency.product(name: "Implicits", package: "swift-implicits")
let plugin = Target.PluginUsage.plugin(name: "ImplicitsAnalysisPlugin", package: "swift-implicits")

let package = Package(
  name: "PluginDemo",
  dependencies: [.package(name: "swift-implicits", path: "../../..")],
  targets: [
    .target(name: "DemoCore", dependencies: [implicits], plugins: [plugin]),
    .executableTarget(name: "DemoApp", dependencies: ["DemoCore", implicits], plugins: [plugin]),
    .target(name: "MissingPluginCore", dependencies: [implicits]),
    .target(name: "MissingPluginApp", dependencies: ["MissingPluginCore", implicits], plugins: [plugin]),
  ]
)
