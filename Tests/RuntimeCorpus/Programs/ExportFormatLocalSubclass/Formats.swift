import Implicits

/// A signed format, declared where it is chosen: its export reads the
/// signature, which the export screen does not provide.
func chooseExporter(signed: Bool) -> Exporter {
  final class SignedExporter: Exporter {
    override func export(_ title: String, _ scope: ImplicitScope) -> String {
      @Implicit var signature: Signature
      return "signed by \(signature.author): \(title)"
    }
  }
  return signed ? SignedExporter() : Exporter()
}
