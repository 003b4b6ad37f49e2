// The app adds a default for an upstream protocol's requirement in its
// own extension of the protocol; the default reads Branding, which the
// requirement's @RequiresImplicits does not declare. The upstream
// `exportAll` provides only what the requirement declares, so the
// markdown exporter stops.
// expect: stops

for file in exportMonthlyReport() {
  print(file)
}
