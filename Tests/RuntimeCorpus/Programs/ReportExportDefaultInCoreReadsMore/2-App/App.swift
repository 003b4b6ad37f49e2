import Implicits
import Reporting

struct PDFExporter: ReportExporter {
  let fileExtension = "pdf"

  func export(_ report: Report, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.write("rendering \(report.rows.count) rows to PDF")
    return "%PDF \(report.title)"
  }
}

/// Uses the protocol's default export.
struct TextExporter: ReportExporter {
  let fileExtension = "txt"
}

func exportMonthlyReport() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  let report = Report(title: "May", rows: ["sales 120", "refunds 4"])
  return exportAll(report, with: [PDFExporter(), TextExporter()], scope)
}
