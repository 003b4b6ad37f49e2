// A video player that decodes its settings from a remote config with
// `try? Implicit.map`; when the config is malformed the transform throws,
// nothing is provided, and playback reads settings that are not there.
// expect: stops

print(play("intro.mp4", remoteConfig: "bitrate=2400;autoplay=1"))
print(play("trailer.mp4", remoteConfig: "autoplay=1"))
