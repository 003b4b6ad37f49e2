// swift-tools-version: 6.0
// A program written only from the examples of the documents the project was
// created from (the original README and the article that introduced the
// design), run against the runtime by `check.sh`.
import PackageDescription

let package = Package(
  name: "SeedProgram",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-implicits", path: "../../..")
  ],
  targets: [
    .executableTarget(
      name: "SeedProgram",
      dependencies: [.product(name: "Implicits", package: "swift-implicits")]
    )
  ],
  swiftLanguageModes: [.v6]
)
