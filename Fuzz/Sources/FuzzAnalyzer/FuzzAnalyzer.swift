import FuzzSupport
import ImplicitsAnalysis

/// One input: a Swift source file, analyzed as a module of its own (its
/// interface encoded, its support file generated).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let source = SourceInput(path: "/fuzz/Fuzz.swift", relativePath: "Fuzz.swift", contents: bytes)
  _ = Analyzer.analyze(
    AnalysisRequest(moduleName: "Fuzz", sources: [source], conditions: ["DEBUG"], upstream: [], enableExporting: false))
  return 0
}
/// The entry SwiftPM links: libFuzzer's driver with this target's test.
@_cdecl("FuzzAnalyzer_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, testOneInput)
}
