import Implicits
import Legacy
import struct Core.Config

// Only `Config` comes from Core; `Theme` is Legacy's.
func settingsTheme() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = Config(brandColor: "#0A84FF")
  let theme = Theme(color: "brand", scope)
  return theme.color
}
