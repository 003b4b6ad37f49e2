import Implicits

struct Forecast {
  let city: String
  let celsius: Int
}

final class UnitFormatter {
  let fahrenheit: Bool
  init(fahrenheit: Bool) { self.fahrenheit = fahrenheit }
  func format(_ c: Int) -> String { fahrenheit ? "\(c * 9 / 5 + 32)°F" : "\(c)°C" }
}

/// Simulates a network layer that calls back on a later run-loop turn.
final class WeatherAPI {
  private var pending: [() -> Void] = []
  func forecast(_ city: String, completion: @escaping (Forecast) -> Void) {
    pending.append { completion(Forecast(city: city, celsius: city.count * 3)) }
  }
  func deliver() {
    let callbacks = pending
    pending = []
    callbacks.forEach { $0() }
  }
}

func describe(_ forecast: Forecast, _: ImplicitScope) -> String {
  @Implicit var units: UnitFormatter
  return "\(forecast.city): \(units.format(forecast.celsius))"
}
