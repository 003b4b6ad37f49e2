// A music app's home feed loads recent genres and ranked picks with two
// `async let`s; the ranking model is never provided, which matters only
// for personalized feeds.
// expect: stops

print(await startMusicApp(personalized: false))
print(await startMusicApp(personalized: true))
