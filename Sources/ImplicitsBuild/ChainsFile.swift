import ImplicitsAnalysis
import ImplicitsFileSystem
import ImplicitsInterface

/// A module's call chains as `state/<Module>.chains.json` holds them: the
/// JSON that `JSONText(encoding:)` renders compactly for them (keys sorted,
/// the same escapes), written directly. A module deep in a large graph
/// has chains naming a thousand keys, and the generic encoder spent as long
/// on them as on a tenth of the whole build.
enum ChainsFile {
  static func json(_ chains: [RequirementChain]) -> String {
    var out = "["
    for (index, chain) in chains.enumerated() {
      if index > 0 { out += "," }
      out += "{"
      if let link = chain.continuesIn {
        out += "\"continuesIn\":{\"function\":"
        JSONText.escape(link.function, into: &out)
        out += ",\"module\":"
        JSONText.escape(link.module, into: &out)
        out += "},"
      }
      out += "\"function\":"
      JSONText.escape(chain.function, into: &out)
      out += ",\"keys\":["
      for (keyIndex, key) in chain.keys.enumerated() {
        if keyIndex > 0 { out += "," }
        out += "{\"key\":{\"kind\":" + String(key.key.kind.rawValue) + ",\"spelling\":"
        JSONText.escape(key.key.spelling, into: &out)
        out += "},\"name\":"
        JSONText.escape(key.name, into: &out)
        out += "}"
      }
      out += "],\"steps\":["
      for (stepIndex, step) in chain.steps.enumerated() {
        if stepIndex > 0 { out += "," }
        out += "{\"detail\":"
        JSONText.escape(step.detail, into: &out)
        out += ",\"kind\":"
        JSONText.escape(step.kind.rawValue, into: &out)
        out += ",\"location\":{\"column\":" + String(step.location.column) + ",\"file\":"
        JSONText.escape(step.location.file, into: &out)
        out += ",\"line\":" + String(step.location.line) + "},\"subject\":"
        JSONText.escape(step.subject, into: &out)
        out += "}"
      }
      out += "]}"
    }
    return out + "]\n"
  }
}
