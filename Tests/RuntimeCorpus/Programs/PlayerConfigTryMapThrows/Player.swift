import Implicits

struct RawConfig {
  let json: String
}

struct PlayerSettings {
  let bitrate: Int
  let autoplay: Bool
}

enum DecodeError: Error {
  case malformed(String)
}

func decode(_ raw: RawConfig) throws -> PlayerSettings {
  let fields = raw.json.split(separator: ";").map { $0.split(separator: "=") }
  var bitrate: Int?
  var autoplay = false
  for field in fields where field.count == 2 {
    if field[0] == "bitrate" { bitrate = Int(field[1]) }
    if field[0] == "autoplay" { autoplay = field[1] == "1" }
  }
  guard let bitrate else { throw DecodeError.malformed(raw.json) }
  return PlayerSettings(bitrate: bitrate, autoplay: autoplay)
}

func startPlayback(_ video: String, _: ImplicitScope) -> String {
  @Implicit var settings: PlayerSettings
  return "\(video) at \(settings.bitrate)kbps\(settings.autoplay ? " (autoplay)" : "")"
}

func play(_ video: String, remoteConfig: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var raw = RawConfig(json: remoteConfig)
  // A bad remote config should not crash the player... or so it seemed.
  try? Implicit.map(RawConfig.self, to: PlayerSettings.self) { try decode($0) }
  return startPlayback(video, scope)
}
