import Implicits

public final class Logger {
  public init() {}
  public func write(_ line: String) { print("log:", line) }
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

public struct CSVExporter: ReportExporter {
  public let fileExtension = "csv"
  public init() {}

  public func export(_ report: Report, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.write("writing \(report.rows.count) CSV rows")
    return report.rows.joined(separator: ",")
  }
}

public func exportAll(_ report: Report, with exporters: [any ReportExporter], _ scope: ImplicitScope) -> [String] {
  var files: [String] = []
  for exporter in exporters {
    files.append(exporter.export(report, scope))
  }
  return files
}
