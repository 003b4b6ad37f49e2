// The Tuist manifest of a small macOS program of three modules (Core, Feed
// and App, under Sources/) whose targets check their implicits in a script
// phase before compiling. The tool, the runtime and the macro plugin come
// from tools/bootstrap-implicits.sh; run it, then `tools/implicits build
// --manifest implicits.yaml`, then `tuist generate`.
//
// No Tuist or Xcode runs this file here (there is none on Linux): check.sh
// takes the two phase scripts and the build settings below out of this file
// and runs them as Xcode would, target by target.
import ProjectDescription

/// The modules: the sources of each are Sources/<name>, and it imports the
/// modules listed. implicits.yaml says the same (check.sh compares them).
let modules: [Module] = [
  module("Core", imports: []),
  module("Feed", imports: ["Core"]),
  module("App", imports: ["Core", "Feed"], product: .commandLineTool),
]

/// Which phase the targets get: `implicits build` by default; with
/// `TUIST_IMPLICITS_SANDBOXED=1 tuist generate`, one `implicits analyze` per
/// target that reads and writes only what its phase declares, for targets
/// built with ENABLE_USER_SCRIPT_SANDBOXING.
let sandboxed = Environment.implicitsSandboxed.getBoolean(default: false)

// The phase scripts. Xcode runs a phase with /bin/sh in SRCROOT, with the
// target's build settings in the environment.

/// Analyzes the target's module, and the modules it depends on when they are
/// not up to date, as the manifest describes them.
let buildPhaseScript = #"""
  "${SRCROOT}/tools/implicits" build --manifest "${SRCROOT}/implicits.yaml" "${PRODUCT_MODULE_NAME}"
  """#

/// Analyzes the target's module from the phase's declared files: input 0 is
/// the tool, the other inputs are the module's sources and the interfaces of
/// the modules it depends on; output 0 is its interface, output 1 its support
/// file.
let analyzePhaseScript = #"""
  set -eu
  set --
  i=1
  while [ "$i" -lt "$SCRIPT_INPUT_FILE_COUNT" ]; do
    eval "input=\"\${SCRIPT_INPUT_FILE_$i}\""
    case "$input" in
      *.implicitinterface) set -- "$@" --dependency-interface "$input" ;;
      *) set -- "$@" "$input" ;;
    esac
    i=$((i + 1))
  done
  exec "$SCRIPT_INPUT_FILE_0" analyze --module-name "$PRODUCT_MODULE_NAME" --sources-root "$SRCROOT" \
    --emit-interface "$SCRIPT_OUTPUT_FILE_0" --emit-support-file "$SCRIPT_OUTPUT_FILE_1" "$@"
  """#

/// What every target needs to import the runtime and expand `#implicits`.
/// -O in every configuration: Swift 6.3 crashes on key paths to named keys of
/// another module in unoptimized code (docs/user-guide.md, "Known issues").
let runtimeSettings: SettingsDictionary = [
  "SWIFT_INCLUDE_PATHS": "$(SRCROOT)/tools/implicits-runtime/Modules $(SRCROOT)/tools/implicits-runtime/include",
  "OTHER_SWIFT_FLAGS": "-load-plugin-executable $(SRCROOT)/tools/implicits-runtime/ImplicitsMacros-tool#ImplicitsMacros",
  "SWIFT_OPTIMIZATION_LEVEL": "-O",
  "ENABLE_USER_SCRIPT_SANDBOXING": sandboxed ? "YES" : "NO",
]

/// What the program links besides its modules: the runtime's objects.
let linkSettings: SettingsDictionary = [
  "OTHER_LDFLAGS": "$(SRCROOT)/tools/implicits-runtime/libImplicitsRuntime.a",
]

let project = Project(
  name: "ImplicitsTuistExample",
  targets: modules.map(target)
)

struct Module {
  let name: String
  let imports: [String]
  let product: Product
}

func module(_ name: String, imports: [String], product: Product = .staticLibrary) -> Module {
  Module(name: name, imports: imports, product: product)
}

/// The modules that `name` depends on, directly or not.
func dependencies(of name: String) -> [String] {
  var found: [String] = []
  func visit(_ name: String) {
    for imported in modules.first(where: { $0.name == name })?.imports ?? [] where !found.contains(imported) {
      found.append(imported)
      visit(imported)
    }
  }
  visit(name)
  return found
}

func target(_ module: Module) -> Target {
  let name = module.name
  let support: Path = ".implicits/support/\(name).implicits.swift"
  let check: TargetScript
  if sandboxed {
    let interfaces = dependencies(of: name).map { FileListGlob.glob(".implicits/interfaces/\($0).implicitinterface") }
    check = .pre(
      script: analyzePhaseScript,
      name: "Check implicits",
      inputPaths: ["tools/implicits", "Sources/\(name)/**/*.swift"] + interfaces,
      outputPaths: [".implicits/interfaces/\(name).implicitinterface", support],
      basedOnDependencyAnalysis: true
    )
  } else {
    check = .pre(
      script: buildPhaseScript,
      name: "Check implicits",
      inputPaths: ["tools/implicits", "implicits.yaml"],
      outputPaths: [support],
      basedOnDependencyAnalysis: false
    )
  }
  return .target(
    name: name,
    destinations: .macOS,
    product: module.product,
    bundleId: "dev.implicits.example.\(name)",
    deploymentTargets: .macOS("13.0"),
    sources: ["Sources/\(name)/**", .glob(support)],
    scripts: [check],
    dependencies: module.imports.map { .target(name: $0) },
    settings: .settings(
      base: module.product == .commandLineTool ? runtimeSettings.merging(linkSettings) { $1 } : runtimeSettings)
  )
}
