// Three modules: Core logs through an implicit Logger, Checkout logs
// declined payments only, and the app provides the gateway but no logger
// (small orders never showed the problem).
// expect: stops
import Checkout

runCheckouts([Order(id: "a1", cents: 1_999), Order(id: "a2", cents: 45_00)])
runCheckouts([Order(id: "b1", cents: 250_000)])
