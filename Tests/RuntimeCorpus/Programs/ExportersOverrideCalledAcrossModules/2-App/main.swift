// A public class of another module has an override in its own module: a
// call through the base class from downstream may run the override, which
// reads the Signer that the app does not provide.
// expect: stops

print(shareNote("groceries", signed: false))
print(shareNote("contract", signed: true))
