import Implicits

final class Console {
  func print(_ line: String) { Swift.print(line) }
}

final class MetricsClient {
  private(set) var gauges: [Int] = []
  func gauge(_ value: Int) { gauges.append(value) }
}

func log(_ message: String, _: ImplicitScope) {
  @Implicit var console: Console
  console.print(message)
}

func log(_ value: Int, _ scope: ImplicitScope) {
  // Numbers are also sent as gauges.
  @Implicit var metrics: MetricsClient
  metrics.gauge(value)
  log("value \(value)", scope)
}

func warmUp(_ scope: ImplicitScope) {
  log("warming up", scope)
  let loaded = 3
  log(loaded, scope)
}

func startWorker() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var console = Console()
  log("worker started", scope)
  warmUp(scope)
}
