import DesignSystem
import Implicits
import class Classic.Palette

// Only `Palette` comes from Classic, to read the accent users picked
// before the redesign; `Theme` is the design system's.
func onboardingTheme(classicAccent: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  let classicColors = Palette(named: ["ocean": "#0A84FF", "forest": "#34C759"])
  @Implicit var config = Config(brandColor: classicColors.named[classicAccent] ?? "#FF9500")
  let theme = Theme(color: "brand", scope)
  return theme.color
}
