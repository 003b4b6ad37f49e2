// A public protocol's requirement declares Logger; its protocol-extension
// default, in the declaring module and used only by a downstream
// conformer, also reads Clock. The shell provides what the requirement
// declares, and the text exporter's default export stops.
// expect: stops

for file in exportMonthlyReport() {
  print(file)
}
