import Implicits

struct RemoteFlags {
  let values: [String: String]
}

struct Palette {
  let background: String
  let text: String
}

enum PaletteError: Error {
  case unknown(String)
}

func parsePalette(_ flags: RemoteFlags) throws -> Palette {
  switch flags.values["palette"] {
  case "dusk"?: return Palette(background: "#223", text: "#eee")
  case "paper"?: return Palette(background: "#fff", text: "#111")
  case let other: throw PaletteError.unknown(other ?? "none")
  }
}

func drawHome(_: ImplicitScope) -> String {
  @Implicit var palette: Palette
  return "home bg=\(palette.background) fg=\(palette.text)"
}

func openHome(betaUser: Bool, flags: [String: String]) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var remote = RemoteFlags(values: flags)
  // Beta users get the palette from the remote flags; everyone was meant
  // to get the default from somewhere else, which never got written.
  let themed = betaUser && (try? Implicit.map(RemoteFlags.self, to: Palette.self) { try parsePalette($0) }) != nil
  print(themed ? "beta palette" : "no beta palette")
  return drawHome(scope)
}
