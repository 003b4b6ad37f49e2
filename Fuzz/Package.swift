// swift-tools-version: 6.0
// libFuzzer targets for the tool's readers: the manifest (YAML and its
// validation), the interface file, and the analyzer on one source file.
// `Fuzz/run.sh TARGET SECONDS` builds them with `-sanitize=fuzzer` (every
// module instrumented) and runs one with the seed corpus of Fuzz/Seeds.
import Foundation
import PackageDescription

/// A path dependency is named after its folder: the checkout's.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
let tooling = Target.Dependency.product(name: "ImplicitsTooling", package: root)

let package = Package(
  name: "ImplicitsFuzz",
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport", tooling]),
    .executableTarget(name: "FuzzInterface", dependencies: ["FuzzSupport", tooling]),
    .executableTarget(name: "FuzzAnalyzer", dependencies: ["FuzzSupport", tooling]),
  ]
)
