import Implicits

struct RemoteConfig {
  let entries: [String: String]
}

struct PlayerSettings {
  let bitrate: Int
  let subtitles: String
}

enum ConfigError: Error, CustomStringConvertible {
  case missing(String)
  var description: String {
    switch self {
    case let .missing(field): return "missing \(field)"
    }
  }
}

func decode(_ config: RemoteConfig) throws(ConfigError) -> PlayerSettings {
  guard let rate = config.entries["bitrate"], let bitrate = Int(rate) else { throw .missing("bitrate") }
  return PlayerSettings(bitrate: bitrate, subtitles: config.entries["subtitles"] ?? "off")
}

func describePlayback(_ video: String, _: ImplicitScope) -> String {
  @Implicit var settings: PlayerSettings
  return "\(video): \(settings.bitrate)kbps, subtitles \(settings.subtitles)"
}

// The map throws on a bad config, and the error leaves this function
// before anything reads the settings.
func prepare(_ video: String, _ scope: ImplicitScope) throws(ConfigError) -> String {
  let scope = scope.nested()
  defer { scope.end() }
  try Implicit.map(RemoteConfig.self, to: PlayerSettings.self) { config throws(ConfigError) in try decode(config) }
  return describePlayback(video, scope)
}

func play(_ video: String, entries: [String: String]) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var config = RemoteConfig(entries: entries)
  do {
    return try prepare(video, scope)
  } catch {
    return "\(video): fallback player (\(error))"
  }
}
