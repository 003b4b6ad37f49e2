// Three `report` overloads: `Error`, `String` and `any
// CustomStringConvertible`. A `LocalizedError` struct goes to the `Error`
// overload (`LocalizedError` refines `Error`), which reads the crash
// reporter that checkout does not provide.
// expect: stops

checkout(cents: 4_999, card: "4242 4242")
checkout(cents: 1_250, card: "4000 0000")
