// swift-tools-version: 6.0
import PackageDescription

// Two modules that each declare a `Config` and a `Logger`: four keys, kept
// apart by the analyzer. `App` provides both modules' values, captures its
// own `Config` in a bag, and passes the scope through several layers down
// to Core; it builds and prints what it should. `BrokenApp` provides only
// its own `Config` where Core needs Core's: `swift build --target
// BrokenApp` fails with the analyzer's diagnostic.
let implicits = Target.Dependency.product(name: "Implicits", package: "swift-implicits")
let plugin = Target.PluginUsage.plugin(name: "ImplicitsAnalysisPlugin", package: "swift-implicits")

let package = Package(
  name: "SameNames",
  dependencies: [.package(name: "swift-implicits", path: "../../..")],
  targets: [
    .target(name: "Core", dependencies: [implicits], plugins: [plugin]),
    .executableTarget(name: "App", dependencies: ["Core", implicits], plugins: [plugin]),
    .executableTarget(name: "BrokenApp", dependencies: ["Core", implicits], plugins: [plugin]),
  ]
)
