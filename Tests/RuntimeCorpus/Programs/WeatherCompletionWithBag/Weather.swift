import Implicits

func refreshWidget(api: WeatherAPI, into output: @escaping (String) -> Void) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var units = UnitFormatter(fahrenheit: false)
  api.forecast("Rome") { [implicits = #implicits] forecast in
    let scope = ImplicitScope(with: implicits)
    defer { scope.end() }
    output(describe(forecast, scope))
  }
}
