// A video player that decodes its settings with a throwing
// `Implicit.map`; the error propagates out of the function that provides
// them, so no read happens after a failed decode.
// expect: runs

print(play("intro.mp4", entries: ["bitrate": "2400", "subtitles": "en"]))
print(play("trailer.mp4", entries: ["subtitles": "fr"]))
print(play("clip.mp4", entries: ["bitrate": "fast"]))
