// A weather client reads its endpoint `URL`; the production path provides
// `URL(string:)`, a failable initializer, so the key is `Optional<URL>`
// and the read stops; the staging path provides a plain `URL`.
// expect: stops

print(settingsFooter())
print(forecasts(for: ["oslo"], staging: true))
print(forecasts(for: ["oslo", "lima"], staging: false))
