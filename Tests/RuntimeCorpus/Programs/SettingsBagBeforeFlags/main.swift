// A developer settings screen whose row factory closure captures a bag in
// the screen's initializer; the launch code creates the feature flags the
// row reads only after the screen captured its bag.
// expect: stops

let settings = openDeveloperSettings(beta: true)
print(settings.render())
