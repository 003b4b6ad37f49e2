import Implicits

final class Histogram {
  private(set) var samples: [Int] = []
  func add(_ value: Int) { samples.append(value) }
}

/// Counts requests that finished without a measurement.
final class GapCounter {
  private(set) var gaps = 0
  func count() { gaps += 1 }
}

func record(_ latency: Int, _: ImplicitScope) {
  @Implicit var histogram: Histogram
  histogram.add(latency)
}

func record(_ latency: Int?, _ scope: ImplicitScope) {
  @Implicit var gaps: GapCounter
  if let latency {
    record(latency, scope)
  } else {
    gaps.count()
  }
}

struct Response {
  let path: String
  let latency: Int?
}

func measure(_ responses: [Response], _ scope: ImplicitScope) {
  for response in responses {
    let measured: Int? = response.latency
    record(measured, scope)
  }
  let handshake: Int = 12
  record(handshake, scope)
  record(nil, scope)
}

func collectMetrics() -> (samples: [Int], gaps: Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var histogram = Histogram()
  @Implicit var gaps = GapCounter()
  measure([Response(path: "/feed", latency: 120), Response(path: "/push", latency: nil)], scope)
  return (histogram.samples, gaps.gaps)
}
