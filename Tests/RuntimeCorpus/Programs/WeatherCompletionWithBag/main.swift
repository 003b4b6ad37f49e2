// A weather widget formats the forecast in the API's completion handler;
// the handler captures a bag of the unit formatter and reopens it when the
// callback arrives, after the requesting function returned.
// expect: runs

var shown: [String] = []
let api = WeatherAPI()
refreshWidget(api: api) { shown.append($0) }
api.deliver()
print(shown)
precondition(shown == ["Rome: 12°C"])
