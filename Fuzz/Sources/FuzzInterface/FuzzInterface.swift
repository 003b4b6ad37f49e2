import FuzzSupport
import ImplicitsInterface

/// One input: the bytes of an interface file. When they pass validation,
/// every record is decoded and looked up.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let file = try? InterfaceFile(bytes: bytes, path: "/fuzz/Fuzz.implicitinterface", expectedModule: nil) else {
    return 0
  }
  let content = file.decodeContent()
  for function in content.functions {
    _ = file.functions(owner: function.owner, baseName: function.baseName)
  }
  for type in content.types { _ = file.type(named: type.qualifiedName) }
  for key in content.namedKeys { _ = file.namedKey(key.name) }
  _ = file.scopeTakingBaseNames()
  return 0
}
/// The entry SwiftPM links: libFuzzer's driver with this target's test.
@_cdecl("FuzzInterface_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, testOneInput)
}
