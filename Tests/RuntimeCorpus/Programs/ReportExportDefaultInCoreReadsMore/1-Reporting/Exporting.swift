import Implicits

public final class Logger {
  public init() {}
  public func write(_ line: String) { print("log:", line) }
}

/// Stamps exported files; the shell that exports does not provide it.
public final class Clock {
  public init() {}
  public var now: String { "2024-05-01T09:00" }
}

public struct Report {
  public let title: String
  public let rows: [String]
  public init(title: String, rows: [String]) {
    self.title = title
    self.rows = rows
  }
}

/// Exporters come from feature modules; the requirement declares what
/// callers provide.
public protocol ReportExporter {
  var fileExtension: String { get }

  @RequiresImplicits(.type(Logger.self))
  func export(_ report: Report, _ scope: ImplicitScope) -> String
}

extension ReportExporter {
  /// The default export: plain lines, stamped with the clock, which the
  /// requirement does not declare. No exporter of this module uses it.
  public func export(_ report: Report, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    @Implicit var clock: Clock
    logger.write("exporting \(report.title).\(fileExtension)")
    return ([report.title + " @ " + clock.now] + report.rows).joined(separator: "\n")
  }
}

public func exportAll(_ report: Report, with exporters: [any ReportExporter], _ scope: ImplicitScope) -> [String] {
  var files: [String] = []
  for exporter in exporters {
    files.append(exporter.export(report, scope))
  }
  return files
}
