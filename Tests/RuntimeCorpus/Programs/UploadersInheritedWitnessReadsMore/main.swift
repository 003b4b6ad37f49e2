// A public protocol declares that `upload` reads Session; `PhotoUploader`
// conforms with the method it inherits from `HTTPUploader`, a base class
// that does not conform and also reads RequestSigner. Called through the
// protocol with what the requirement declares, the photo upload stops.
// expect: stops

for line in backUpCameraRoll() {
  print(line)
}
