import Implicits

final class LogSink {
  private(set) var lines: [String] = []
  func write(_ line: String) { lines.append(line) }
}

final class CrashReporter {
  private(set) var reports: [String] = []
  func report(_ error: Error) { reports.append(String(describing: error)) }
}

final class Counters {
  private(set) var total = 0
  func add(_ value: Int) { total += value }
}

enum UploadError: Error {
  case timeout(seconds: Int)
}

func log(_ message: String, _: ImplicitScope) {
  @Implicit var sink: LogSink
  sink.write("info: \(message)")
}

func log(_ error: Error, _ scope: ImplicitScope) {
  @Implicit var reporter: CrashReporter
  reporter.report(error)
  log("error reported", scope)
}

func log(_ value: Int, _ scope: ImplicitScope) {
  @Implicit var counters: Counters
  counters.add(value)
  log("counted \(value)", scope)
}

func upload(_ sizes: [Int], _ scope: ImplicitScope) {
  log("upload started", scope)
  for size in sizes {
    if size > 100 {
      let error: Error = UploadError.timeout(seconds: size / 10)
      log(error, scope)
    } else {
      log(size, scope)
    }
  }
}

func runUploads() -> (LogSink, CrashReporter, Counters) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var sink = LogSink()
  @Implicit var reporter = CrashReporter()
  @Implicit var counters = Counters()
  upload([10, 250, 40], scope)
  log(UploadError.timeout(seconds: 1), scope)
  return (sink, reporter, counters)
}
