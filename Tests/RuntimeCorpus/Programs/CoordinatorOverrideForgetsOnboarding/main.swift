// App coordinators in a class hierarchy, started through the base class:
// the launch code provides the navigator the base coordinator reads but
// not the onboarding state that only the override reads.
// expect: stops

print(launch(firstRun: false))
print(launch(firstRun: true))
