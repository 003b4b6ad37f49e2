/// Builds its value the first time it is read.
@propertyWrapper
final class Lazy<Value> {
  private var make: (() -> Value)?
  private var value: Value?

  init(wrappedValue: @autoclosure @escaping () -> Value) {
    make = wrappedValue
  }

  var wrappedValue: Value {
    if let value { return value }
    let made = make!()
    value = made
    make = nil
    return made
  }
}
