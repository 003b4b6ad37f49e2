import FuzzSupport
import ImplicitsManifest

/// One input: a manifest's text. It is read, validated and narrowed to its
/// first configuration; every outcome but a crash, a hang or a leak is fine.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let manifest = try? Manifest.parse(text, path: "/fuzz/implicits.yaml") {
    _ = try? manifest.selecting(configuration: nil, defines: [])
  }
  return 0
}
/// The entry SwiftPM links: libFuzzer's driver with this target's test.
@_cdecl("FuzzManifest_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, testOneInput)
}
