import Implicits

extension ImplicitsKeys {
  static let accentHex = Key<String>()
  static let cornerRadius = Key<Double>()
}

struct AppConfig {
  let brand: String
  let compact: Bool
}

struct Theme {
  let accent: String
  let spacing: Int
}

struct Typography {
  let bodySize: Int
}

func brandAccent(_ brand: String) -> String {
  brand == "night" ? "#101030" : "#ff6600"
}

func renderButton(_ title: String, _: ImplicitScope) -> String {
  @Implicit var theme: Theme
  @Implicit(\.cornerRadius) var radius: Double
  return "[\(title) accent=\(theme.accent) pad=\(theme.spacing) r=\(radius)]"
}

func renderLabel(_ text: String, _: ImplicitScope) -> String {
  @Implicit var typography: Typography
  return "\(text)@\(typography.bodySize)pt"
}

func renderToolbar(_ scope: ImplicitScope) -> [String] {
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(AppConfig.self, to: \.accentHex) { brandAccent($0.brand) }
  Implicit.map(\.accentHex, to: Theme.self) { Theme(accent: $0, spacing: 8) }
  Implicit.map(Theme.self, to: \.cornerRadius) { Double($0.spacing) / 2 }
  Implicit.map(Theme.self, to: Typography.self) { Typography(bodySize: $0.spacing + 6) }
  var items = [renderButton("Back", scope), renderLabel("Inbox", scope)]
  items.append(renderCompactButton(scope))
  return items
}

// Compact toolbars squeeze the theme: the map reads the outer theme and
// shadows it in a nested scope.
func renderCompactButton(_ scope: ImplicitScope) -> String {
  @Implicit var config: AppConfig
  guard config.compact else { return renderButton("More", scope) }
  let scope = scope.nested()
  defer { scope.end() }
  Implicit.map(Theme.self, to: Theme.self) { Theme(accent: $0.accent, spacing: $0.spacing / 2) }
  return renderButton("More", scope)
}

func drawToolbar(brand: String, compact: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = AppConfig(brand: brand, compact: compact)
  return renderToolbar(scope)
}
