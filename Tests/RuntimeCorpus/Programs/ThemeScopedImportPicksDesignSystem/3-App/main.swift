// The onboarding screen imports all of DesignSystem and one declaration
// of Classic (`import class Classic.Palette`), to carry over the accent
// users picked before the redesign. `Theme(color:_:)` is the design
// system's, which reads the Config the screen provides: Classic's own
// `Theme`, which reads a Palette, is not imported.
// expect: runs

let color = onboardingTheme(classicAccent: "forest")
print(color)
precondition(color == "#34C759")
