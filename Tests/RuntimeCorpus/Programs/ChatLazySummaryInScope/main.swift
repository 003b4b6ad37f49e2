// A chat session with a local `lazy var summary = summarize(scope)` read
// by an escaping event handler; every event is emitted while the session's
// scope is open, and the handlers are removed before it ends.
// expect: runs
// by-design: closure-scope

let bus = EventBus()
print(runChatSession(bus: bus, events: ["open", "collapse", "collapse"]))
print(runChatSession(bus: bus, events: ["open"]))
bus.emit("collapse")
