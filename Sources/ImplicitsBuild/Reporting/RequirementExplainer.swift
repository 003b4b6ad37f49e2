import Foundation
import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface
import ImplicitsManifest

/// `implicits why KEY --module M`: the public functions of `M` that
/// require `KEY`, from `M`'s interface, each with one call chain down to
/// the read, followed across modules through the chains each module's
/// analysis recorded in its state.
public struct RequirementExplainer {
  /// What was found: the text to print, and whether any function matched.
  public struct Explanation: Sendable {
    public var text: String
    public var found: Bool
  }

  let preflight: Preflight
  let renderer: DiagnosticRenderer
  public init(preflight: Preflight, renderer: DiagnosticRenderer = DiagnosticRenderer()) {
    self.preflight = preflight
    self.renderer = renderer
  }

  private var layout: BuildLayout { BuildLayout(outputDirectory: preflight.manifest.outputDirectory) }

  public func explain(key text: String, module: String) -> Result<Explanation, ToolFailure> {
    let manifest = preflight.manifest
    guard manifest.module(named: module) != nil else {
      return .failure(.noModule(named: module, in: manifest))
    }
    let interface: InterfaceFile
    let chains: [RequirementChain]
    switch analysis(of: module) {
    case .success(let found): (interface, chains) = found
    case .failure(let failure): return .failure(failure)
    }
    let content = interface.decodeContent()
    let functions = content.functions.filter { $0.visibility == .public }
    let keys = Set(functions.flatMap(\.requirements)).filter { Self.matches(text, $0) }.sorted()
    guard !keys.isEmpty else {
      let known = Set(content.functions.flatMap(\.requirements)).map { Self.display($0) }.sorted()
      let hint = known.isEmpty ? "" : " (keys its interface names: \(known.joined(separator: ", ")))"
      return .success(Explanation(text: "no public function of '\(module)' requires '\(text)'\(hint)\n", found: false))
    }
    var out = ""
    for key in keys {
      let requiring = functions.filter { $0.requirements.contains(key) }.sorted { $0.qualifiedSignature < $1.qualifiedSignature }
      let count = requiring.count == 1 ? "1 public function" : "\(requiring.count) public functions"
      out += "\(Self.display(key, quoted: true)) is required by \(count) of '\(module)':\n"
      for function in requiring {
        out += "\n\(function.qualifiedSignature)\n"
        out += chain(of: function.qualifiedSignature, key: key, in: module, chains: chains)
      }
      out += key == keys.last ? "" : "\n"
    }
    return .success(Explanation(text: out, found: true))
  }

  /// A key as Swift code names it: a type key by its identity, a named key
  /// as `ImplicitsKeys.name`, followed by the module that declares it.
  static func display(_ key: ImplicitKeyRef, quoted: Bool = false) -> String {
    let quote = quoted ? "'" : ""
    guard key.kind == .named else { return quote + key.description + quote }
    let path = IdentityDiscriminator.split(key.spelling).path
    let module = path.firstIndex(of: ".").map { " (declared in '\(path[..<$0])')" } ?? ""
    return quote + "ImplicitsKeys.\(key.name)" + quote + module
  }

  /// Whether the user's spelling names `key`: its identity, its name, or
  /// its identity without leading module or type qualifiers; a named key
  /// also as `\.name` or `ImplicitsKeys.name`.
  static func matches(_ text: String, _ key: ImplicitKeyRef) -> Bool {
    let spelling = String(key.spelling.prefix { $0 != " " })
    switch key.kind {
    case .named:
      let bare = text.hasPrefix("\\.")
        ? String(text.dropFirst(2)) : text.hasPrefix("ImplicitsKeys.") ? String(text.dropFirst(14)) : text
      return bare == key.name || bare == spelling
    case .type:
      return text == spelling || text == key.description || spelling.hasSuffix("." + text)
    }
  }

  /// The steps, indented, following the chain into upstream modules.
  private func chain(of function: String, key: ImplicitKeyRef, in module: String, chains: [RequirementChain]) -> String {
    var out = ""
    var current: (module: String, function: String, chains: [RequirementChain])? = (module, function, chains)
    var visited = Set<String>()
    while let (module, function, chains) = current, visited.insert(module + "\n" + function).inserted {
      current = nil
      guard let chain = chains.first(where: { $0.function == function && $0.keys.contains { $0.key == key } }),
        let name = chain.keys.first(where: { $0.key == key })?.name
      else {
        out += "  (module '\(module)' recorded no chain for '\(function)': run 'implicits build' again)\n"
        break
      }
      for step in chain.notes(name: "'\(name)'") {
        out += "  \(renderer.display(step.location.file)):\(step.location.line):\(step.location.column): \(step.message)\n"
      }
      guard let link = chain.continuesIn else { break }
      if preflight.manifest.module(named: link.module) == nil {
        out += "  ('\(link.module)' is an external interface: its chain is not known here)\n"
      } else if case .success(let (_, upstream)) = analysis(of: link.module) {
        current = (link.module, link.function, upstream)
      } else {
        out += "  (module '\(link.module)' has no current analysis: run 'implicits build')\n"
      }
    }
    return out
  }

  /// A module's interface and the chains of the analysis that wrote it.
  private func analysis(of module: String) -> Result<(InterfaceFile, [RequirementChain]), ToolFailure> {
    let path = layout.interface(of: module)
    let interface: InterfaceFile
    guard FileManager.default.fileExists(atPath: path) else {
      if let what = LastBuildFailures.read(in: layout).entries[module] {
        return .failure(.noInterface(module: module, what, in: layout.outputDirectory))
      }
      return .failure(
        .notBuilt(module: module, in: layout.outputDirectory))
    }
    do {
      interface = try InterfaceFile.load(path: path, expectedModule: module)
    } catch {
      return .failure(
        .noUsableInterface(module: module, error.message))
    }
    guard let bytes = try? FileReading.read(layout.chains(of: module)), let content = ChainsFile.read(bytes),
      content.interface == interface.fingerprint.description
    else {
      return .failure(
        .noCurrentAnalysis(module: module, in: layout.outputDirectory))
    }
    return .success((interface, content.chains))
  }
}
