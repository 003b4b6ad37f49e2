import Implicits

public final class AudioDevice {
  public let maxVolume: Int
  public init(maxVolume: Int) { self.maxVolume = maxVolume }
}

/// Keeps a value in a range; the initial value is computed once, right
/// away, in the initializer.
@propertyWrapper
public struct Clamped {
  private var value: Int
  public let range: ClosedRange<Int>

  public init(wrappedValue: @autoclosure () -> Int, _ range: ClosedRange<Int>) {
    self.range = range
    value = min(max(wrappedValue(), range.lowerBound), range.upperBound)
  }

  public var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }
}

/// The device's volume limit, in percent.
public func deviceLimit(_: ImplicitScope) -> Int {
  @Implicit var device: AudioDevice
  return device.maxVolume
}
