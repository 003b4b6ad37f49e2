import Implicits

final class Theme {
  let accent: String
  init(accent: String) { self.accent = accent }
}

final class WeatherService {
  func today() -> String { "sunny, 24°" }
}

class Widget {
  let title: String

  required init(name: String, _: ImplicitScope) {
    @Implicit var theme: Theme
    title = "\(name) [\(theme.accent)]"
  }

  func render() -> String { title }
}

final class ClockWidget: Widget {
  override func render() -> String { "\(title) 09:41" }
}

final class WeatherWidget: Widget {
  let forecast: String

  required init(name: String, _ scope: ImplicitScope) {
    @Implicit var weather: WeatherService
    forecast = weather.today()
    super.init(name: name, scope)
  }

  override func render() -> String { "\(title) \(forecast)" }
}

/// The dashboard's layout, as stored in the user's settings.
struct WidgetEntry {
  let name: String
  let type: Widget.Type
}

func buildDashboard(_ entries: [WidgetEntry], _ scope: ImplicitScope) -> [Widget] {
  var widgets: [Widget] = []
  for entry in entries {
    widgets.append(entry.type.init(name: entry.name, scope))
  }
  return widgets
}

func showDashboard() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var theme = Theme(accent: "indigo")
  @Implicit var weather = WeatherService()
  let layout = [
    WidgetEntry(name: "Clock", type: ClockWidget.self),
    WidgetEntry(name: "Weather", type: WeatherWidget.self),
    WidgetEntry(name: "Notes", type: Widget.self),
  ]
  return buildDashboard(layout, scope).map { $0.render() }
}
