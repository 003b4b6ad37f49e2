// A chat screen with a local `lazy var summary = summarize(scope)` that a
// notification observer reads the first time the app goes to background;
// the notification arrives after the chat's scope ended.
// expect: stops

let center = NotificationCenter()
print(openChat(notifications: center))
center.post("foreground")
center.post("background")
