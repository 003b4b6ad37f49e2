// A dashboard builds its widgets from stored metatypes with
// `entry.type.init(name:_:)`, a `required init` that takes the scope; the
// weather widget's initializer reads one more service, and the dashboard
// provides everything each initializer reads.
// expect: runs

let rendered = showDashboard()
rendered.forEach { print($0) }
precondition(rendered == ["Clock [indigo] 09:41", "Weather [indigo] sunny, 24°", "Notes [indigo]"])
