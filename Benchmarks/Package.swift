// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite: `swift package --package-path Benchmarks benchmark`
// (see docs/performance.md). A package of its own, so that users of
// swift-implicits never resolve the benchmark harness.
let package = Package(
  name: "ImplicitsBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-implicits", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    // SwiftParser alone: the parse floor the analyzer is measured against.
    .package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"604.0.0"),
    // The libraries users weigh the runtime against (RuntimeBenchmarks only).
    .package(url: "https://github.com/pointfreeco/swift-dependencies.git", exact: "1.17.1"),
    .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
  ],
  targets: [
    // The generated projects: the same files as the tests' (links to
    // Tests/Support), which are in no product of the package.
    .target(name: "BenchmarkProjects", path: "Sources/BenchmarkProjects"),
    // Writes the generated projects the benchmarks measure, for anyone to reproduce them.
    .executableTarget(
      name: "generate-project",
      dependencies: ["BenchmarkProjects"],
      path: "Sources/GenerateProject"),
    .executableTarget(
      name: "RuntimeBenchmarks",
      dependencies: [
        .product(name: "Implicits", package: "swift-implicits"),
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      path: "Benchmarks/RuntimeBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark"),
        .plugin(name: "ImplicitsAnalysisPlugin", package: "swift-implicits"),
      ]),
    .executableTarget(
      name: "ToolBenchmarks",
      dependencies: [
        "BenchmarkProjects",
        .product(name: "ImplicitsTooling", package: "swift-implicits"),
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      path: "Benchmarks/ToolBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)
