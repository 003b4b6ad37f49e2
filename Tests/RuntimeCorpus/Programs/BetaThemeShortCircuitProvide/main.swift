// The home screen's palette is provided by an `Implicit.map` in the right
// operand of `betaUser && …`; for users outside the beta the operand is
// short-circuited and nothing provides the palette.
// expect: stops

print(openHome(betaUser: true, flags: ["palette": "dusk"]))
print(openHome(betaUser: false, flags: ["palette": "dusk"]))
