// A document exporter whose signed format is a subclass declared inside
// the function that chooses the format, in a file after the one that
// calls `export`: the call reaches the override, which reads a signature
// nobody provides.
// expect: stops

print(exportDocument("notes", with: chooseExporter(signed: false)))
print(exportDocument("contract", with: chooseExporter(signed: true)))
