// Three modules: Core has the event queue; Analytics declares the session
// id named key, provides it inside `startSession`'s nested scope and reads
// it in `track`; the app tracks a screen view after the session scope
// ended.
// expect: stops

print(runApp())
