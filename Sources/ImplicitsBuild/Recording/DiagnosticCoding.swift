import ImplicitsAnalysis
import ImplicitsInterface
import ImplicitsToolSupport

/// Diagnostics in the build's one encoding (`BuildCodable`): a module's
/// record keeps them, and a worker sends them with its outcome.
extension SourceLocation: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    file.encode(to: &writer)
    line.encode(to: &writer)
    column.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let file = String(from: &reader), let line = Int(from: &reader), let column = Int(from: &reader) else {
      return nil
    }
    self.init(file: file, line: line, column: column)
  }
}

extension Diagnostic.Note: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    location.encode(to: &writer)
    message.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let location = SourceLocation(from: &reader), let message = String(from: &reader) else { return nil }
    self.init(location: location, message: message)
  }
}

extension Diagnostic.FixIt: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    start.encode(to: &writer)
    end.encode(to: &writer)
    replacement.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let start = SourceLocation(from: &reader), let end = SourceLocation(from: &reader),
      let replacement = String(from: &reader)
    else { return nil }
    self.init(start: start, end: end, replacement: replacement)
  }
}

extension Diagnostic: BuildCodable {
  package func encode(to writer: inout ByteWriter) {
    location.encode(to: &writer)
    severity.rawValue.encode(to: &writer)
    rule.rawValue.encode(to: &writer)
    message.encode(to: &writer)
    notes.encode(to: &writer)
    fixIts.encode(to: &writer)
  }

  package init?(from reader: inout ByteReader) {
    guard let location = SourceLocation(from: &reader), let severity = String(from: &reader).flatMap(Severity.init),
      let rule = String(from: &reader).flatMap(DiagnosticRule.init), let message = String(from: &reader),
      let notes = [Note](from: &reader), let fixIts = [FixIt](from: &reader)
    else { return nil }
    self.init(location: location, severity: severity, rule: rule, message: message, notes: notes, fixIts: fixIts)
  }
}
