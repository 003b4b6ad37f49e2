// A sync pipeline calls `process(_:_:)` on `any DataProcessor`; the
// pipeline provides the network its first two conformers read, and a
// newer conformer also reads a disk cache nobody provides.
// expect: stops

print(runPipeline([UploadProcessor(), CompressProcessor()], items: ["alpha", "beta"]))
print(runPipeline([UploadProcessor(), CacheProcessor()], items: ["gamma"]))
