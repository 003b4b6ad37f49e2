import AudioKit
import Implicits

final class UserSettings {
  let preferredVolume: Int
  init(preferredVolume: Int) { self.preferredVolume = preferredVolume }
}

func savedVolume(_ scope: ImplicitScope) -> Int {
  @Implicit var settings: UserSettings
  return min(settings.preferredVolume, deviceLimit(scope))
}

func startPlayback(step: Int) -> [Int] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var settings = UserSettings(preferredVolume: 130)
  @Implicit var device = AudioDevice(maxVolume: 90)
  // The wrapper evaluates its initial value during its initializer.
  @Clamped(0...80) var volume = savedVolume(scope)
  var levels = [volume]
  volume += step
  levels.append(volume)
  return levels
}
