// The player clamps the volume to the range the output device allows; the
// range is the argument of a property-wrapper attribute on a local
// variable, computed when the variable is declared, and it reads the
// device list, which nothing provides.
// expect: stops
import Implicits

struct Devices {
  var maximum: [String: Int]
}

@propertyWrapper
struct Clamped {
  private var value: Int
  let range: ClosedRange<Int>
  init(wrappedValue: Int, _ range: ClosedRange<Int>) {
    self.range = range
    value = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }
}

func volumeRange(for output: String, _ scope: ImplicitScope) -> ClosedRange<Int> {
  @Implicit var devices: Devices
  return 0...(devices.maximum[output] ?? 10)
}

func play(_ output: String, _ scope: ImplicitScope) {
  @Clamped(volumeRange(for: output, scope)) var volume = 80
  print("volume \(volume)")
}

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  play("speaker", scope)
}

run()
