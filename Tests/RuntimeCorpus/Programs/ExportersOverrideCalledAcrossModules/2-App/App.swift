import Exporting
import Implicits

func shareNote(_ text: String, signed: Bool) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  let exporter = preferredExporter(signed: signed)
  return exporter.export(text, scope)
}
