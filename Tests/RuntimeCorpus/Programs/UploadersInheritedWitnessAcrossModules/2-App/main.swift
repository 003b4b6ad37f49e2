// An upstream public protocol declares that `upload` reads Session; the
// app's `VideoUploader` conforms with the method it inherits from
// `HTTPUploader`, a base class that does not conform and also reads
// RequestSigner. The upstream `uploadAll` provides what the requirement
// declares, and the video upload stops.
// expect: stops

for line in backUpVideos() {
  print(line)
}
