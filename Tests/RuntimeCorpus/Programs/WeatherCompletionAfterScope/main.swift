// A weather widget formats the forecast in the API's completion handler,
// which uses the scope of the function that started the request; the
// callback arrives after that function returned and its scope ended.
// expect: stops

let api = WeatherAPI()
refreshWidget(api: api) { print($0) }
api.deliver()
