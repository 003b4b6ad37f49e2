import Implicits
import Reporting

/// The app's branding, which the upstream requirement does not declare.
final class Branding {
  let footer = "ACME Corp."
}

extension ReportExporter {
  /// The app's default export for its own exporters: plain lines with the
  /// company's footer.
  func export(_ report: Report, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    @Implicit var branding: Branding
    logger.write("exporting \(report.title).\(fileExtension)")
    return ([report.title] + report.rows + [branding.footer]).joined(separator: "\n")
  }
}

/// Uses the app's default export.
struct MarkdownExporter: ReportExporter {
  let fileExtension = "md"
}

func exportMonthlyReport() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  let report = Report(title: "May", rows: ["sales 120", "refunds 4"])
  return exportAll(report, with: [CSVExporter(), MarkdownExporter()], scope)
}
