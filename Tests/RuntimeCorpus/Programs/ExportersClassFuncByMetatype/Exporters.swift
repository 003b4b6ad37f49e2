import Implicits

final class Logger {
  func write(_ line: String) { print("log:", line) }
}

final class NumberStyle {
  let decimalSeparator = ","
}

class Exporter {
  class var name: String { "plain" }

  @RequiresImplicits(.type(Logger.self), .type(NumberStyle.self))
  class func export(_ values: [Double], _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.write("exporting \(values.count) values as \(name)")
    return values.map { "\($0)" }.joined(separator: " ")
  }
}

final class CSVExporter: Exporter {
  override class var name: String { "csv" }

  override class func export(_ values: [Double], _ scope: ImplicitScope) -> String {
    @Implicit var style: NumberStyle
    return values.map { "\($0)".split(separator: ".").joined(separator: style.decimalSeparator) }
      .joined(separator: ";")
  }
}

final class JSONExporter: Exporter {
  override class var name: String { "json" }

  override class func export(_ values: [Double], _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.write("json export")
    return "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
  }
}

func exportEverywhere(_ values: [Double], _ scope: ImplicitScope) -> [String] {
  let exporters: [Exporter.Type] = [Exporter.self, CSVExporter.self, JSONExporter.self]
  var files: [String] = []
  for exporter in exporters {
    files.append(exporter.export(values, scope))
  }
  return files
}

func exportMeasurements() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  @Implicit var style = NumberStyle()
  return exportEverywhere([1.5, 2.25], scope)
}
