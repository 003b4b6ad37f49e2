import Implicits

func refreshWidget(api: WeatherAPI, into output: @escaping (String) -> Void) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var units = UnitFormatter(fahrenheit: false)
  api.forecast("Rome") { forecast in
    output(describe(forecast, scope))
  }
}
