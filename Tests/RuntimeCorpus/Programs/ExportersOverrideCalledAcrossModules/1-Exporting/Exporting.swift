import Implicits

public final class Logger {
  public init() {}
  public func write(_ line: String) { print("log:", line) }
}

/// Signs exported files; only the signed exporter reads it.
public final class Signer {
  public init() {}
  public func sign(_ text: String) -> String { text + " [signed]" }
}

/// The exporter every feature gets; the module's own subclass overrides it.
public class Exporter {
  public init() {}
  public func export(_ text: String, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.write("exporting \(text.count) characters")
    return text
  }
}

public final class SignedExporter: Exporter {
  public override func export(_ text: String, _ scope: ImplicitScope) -> String {
    @Implicit var signer: Signer
    return signer.sign(text)
  }
}

/// The exporter the settings choose: the signed one for release builds.
public func preferredExporter(signed: Bool) -> Exporter {
  signed ? SignedExporter() : Exporter()
}
