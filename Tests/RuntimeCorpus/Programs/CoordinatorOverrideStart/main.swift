// App coordinators in a class hierarchy: the onboarding coordinator
// overrides the scope-taking `start(_:)` and calls `super`; the launch
// code provides what both read and starts them through the base class.
// expect: runs

print(launch(firstRun: true))
let returning = launch(firstRun: false)
print(returning)
precondition(returning == ["home", "home"])
