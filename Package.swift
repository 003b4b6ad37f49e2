// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let swiftSyntax: [Target.Dependency] = [
  .product(name: "SwiftSyntax", package: "swift-syntax"),
  .product(name: "SwiftParser", package: "swift-syntax"),
  .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
  .product(name: "SwiftDiagnostics", package: "swift-syntax"),
  .product(name: "SwiftIfConfig", package: "swift-syntax"),
  .product(name: "SwiftLexicalLookup", package: "swift-syntax"),
]

let package = Package(
  name: "swift-implicits",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
  products: [
    .library(name: "Implicits", targets: ["Implicits"]),
    .executable(name: "implicits", targets: ["ImplicitsCLI"]),
    .plugin(name: "ImplicitsAnalysisPlugin", targets: ["ImplicitsAnalysisPlugin"]),
    // For tools that embed the analyzer or the build integrator, and for the benchmarks.
    .library(
      name: "ImplicitsTooling",
      targets: [
        "ImplicitsAnalysis", "ImplicitsBuild", "ImplicitsBuildServer", "ImplicitsFileSystem", "ImplicitsInterface",
        "ImplicitsManifest", "ImplicitsToolSupport",
      ]),
  ],
  dependencies: [
    // 602..<604: SwiftIfConfig and SwiftLexicalLookup as the analyzer uses them; users' other macro
    // packages resolve beside this one.
    .package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    // HeapModule: the build order's ready queue.
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    // SystemPackage: file descriptors, errno and stat for every file the tools touch.
    .package(url: "https://github.com/apple/swift-system.git", from: "1.7.0"),
  ],
  targets: [
    // Runtime: what users' code links.
    .target(name: "CImplicitsRuntime"),
    .target(name: "Implicits", dependencies: ["CImplicitsRuntime", "ImplicitsMacros"]),

    // Macros: `#implicits`.
    .macro(
      name: "ImplicitsMacros",
      dependencies: [
        "ImplicitsInterface",
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),

    // Files: whole-file reads, stat, atomic writes (POSIX), lexical paths, for every tool target.
    .target(name: "ImplicitsFileSystem", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),

    // Interface: the `.implicitinterface` format. No SwiftSyntax.
    .target(name: "ImplicitsInterface", dependencies: ["ImplicitsFileSystem"]),

    // Analysis: one module's sources to diagnostics, interface, support file.
    .target(
      name: "ImplicitsAnalysis", dependencies: ["ImplicitsFileSystem", "ImplicitsInterface", "ImplicitsToolSupport"] + swiftSyntax),

    // What the build, the build server and the language server share:
    // message framing, child processes, the local socket, stopwatches,
    // exit statuses, locked values, a least-recently-used store.
    .target(
      name: "ImplicitsToolSupport",
      dependencies: ["ImplicitsFileSystem", "ImplicitsInterface", .product(name: "SystemPackage", package: "swift-system")]),

    // Build: the manifest, the module graph, scheduling, incremental state.
    .systemLibrary(name: "CYaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .target(name: "ImplicitsManifest", dependencies: ["CYaml", "ImplicitsFileSystem"]),
    .target(
      name: "ImplicitsBuild",
      dependencies: [
        "ImplicitsFileSystem", "ImplicitsManifest", "ImplicitsAnalysis", "ImplicitsInterface", "ImplicitsToolSupport",
        .product(name: "HeapModule", package: "swift-collections"),
      ]),

    // Test support, in no product: synthetic multi-module projects (the
    // benchmarks link the same files), seeded random numbers, a file system
    // in memory.
    // The build server: `implicits build --server` and `implicits build-server`.
    .target(
      name: "ImplicitsBuildServer",
      dependencies: [
        "ImplicitsAnalysis", "ImplicitsBuild", "ImplicitsFileSystem", "ImplicitsInterface", "ImplicitsToolSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),

    .target(
      name: "ImplicitsTestSupport",
      dependencies: ["ImplicitsFileSystem", .product(name: "SystemPackage", package: "swift-system")], path: "Tests/Support"),

    // Language server: `implicits lsp`.
    .target(
      name: "ImplicitsLanguageServer",
      dependencies: [
        "ImplicitsAnalysis", "ImplicitsBuild", "ImplicitsFileSystem", "ImplicitsInterface", "ImplicitsManifest",
        "ImplicitsToolSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]),

    // CLI: the `implicits` executable.
    .executableTarget(
      name: "ImplicitsCLI",
      dependencies: [
        "ImplicitsBuild", "ImplicitsBuildServer", "ImplicitsAnalysis", "ImplicitsInterface", "ImplicitsManifest",
        "ImplicitsLanguageServer", "ImplicitsToolSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // Plugin: SwiftPM build-tool plugin.
    .plugin(name: "ImplicitsAnalysisPlugin", capability: .buildTool(), dependencies: ["ImplicitsCLI"]),

    .testTarget(name: "ImplicitsTests", dependencies: ["Implicits"]),
    .testTarget(
      name: "ImplicitsFileSystemTests", dependencies: ["ImplicitsFileSystem", "ImplicitsTestSupport"]),
    .testTarget(
      name: "ImplicitsToolSupportTests",
      dependencies: [
        "ImplicitsInterface", "ImplicitsToolSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "ImplicitsInterfaceTests", dependencies: ["ImplicitsFileSystem", "ImplicitsInterface", "ImplicitsTestSupport"]),
    .testTarget(
      name: "ImplicitsAnalysisTests",
      dependencies: [
        "ImplicitsAnalysis", "ImplicitsInterface", "ImplicitsTestSupport",
        .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ImplicitsManifestTests", dependencies: ["ImplicitsFileSystem", "ImplicitsManifest", "ImplicitsTestSupport"]),
    .testTarget(
      name: "ImplicitsLanguageServerTests",
      dependencies: [
        "ImplicitsBuild", "ImplicitsFileSystem", "ImplicitsInterface", "ImplicitsLanguageServer", "ImplicitsTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "ImplicitsBuildTests",
      dependencies: [
        "ImplicitsAnalysis", "ImplicitsBuild", "ImplicitsInterface", "ImplicitsManifest", "ImplicitsTestSupport",
        "ImplicitsBuildServer", "ImplicitsToolSupport",
        // The tests drive the real `implicits` executable.
        "ImplicitsCLI",
      ],
      exclude: ["Scripts"]),
    .testTarget(
      name: "ImplicitsBuildServerTests",
      dependencies: [
        "ImplicitsBuild", "ImplicitsBuildServer", "ImplicitsFileSystem", "ImplicitsTestSupport", "ImplicitsToolSupport",
        .product(name: "SystemPackage", package: "swift-system"),
        // The tests drive the real `implicits` executable.
        "ImplicitsCLI",
      ],
      exclude: ["Scripts"]),
  ],
  swiftLanguageModes: [.v6]
)
