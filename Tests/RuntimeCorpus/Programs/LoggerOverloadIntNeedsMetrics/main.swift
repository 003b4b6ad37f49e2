// Two `log` overloads that differ only by argument type; the `Int` one
// also reads a metrics client, which the worker never provides because
// it only thought of the console.
// expect: stops

startWorker()
