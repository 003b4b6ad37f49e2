import Foundation
import Implicits

final class WeatherClient {
  func forecast(_ city: String, _: ImplicitScope) -> String {
    @Implicit var endpoint: URL
    return endpoint.appendingPathComponent(city).absoluteString
  }
}

func forecasts(for cities: [String], staging: Bool) -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  if staging {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var endpoint: URL = URL(fileURLWithPath: "/tmp/weather-stub")
    return cities.map { _ in "stub" } + [WeatherClient().forecast("test", scope)]
  }
  // `URL(string:)` is failable: this provides `URL?`, not `URL`.
  @Implicit var endpoint = URL(string: "https://weather.example/v1")
  let client = WeatherClient()
  var result: [String] = []
  for city in cities {
    result.append(client.forecast(city, scope))
  }
  return result
}

/// The settings screen shows which endpoint is in use.
func endpointDescription(_ scope: ImplicitScope) -> String {
  @Implicit var endpoint: URL
  return "using \(endpoint.host ?? "local files")"
}

func settingsFooter() -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var endpoint: URL = URL(fileURLWithPath: "/etc/weather")
  return endpointDescription(scope)
}
