import Benchmark
import Dispatch
import Foundation
import Implicits

// The runtime against what users compare it with: a dictionary lookup of a
// class instance with an `as!` cast, and passing the value as a parameter
// (the libraries users weigh it against: PeerBenchmarks.swift).
// Every ratio is taken in one run, interleaving the two sides.

final class Service {
  var count = 1
}
final class Key0 {}
final class Key1 {}
final class Key2 {}
final class Key3 {}
final class Key4 {}
final class Key5 {}
final class Key6 {}
final class Key7 {}
final class Key8 {}

@inline(never) func read3(_ scope: ImplicitScope) -> Int { read2(scope) }
@inline(never) func read2(_ scope: ImplicitScope) -> Int { read1(scope) }
@inline(never) func read1(_ scope: ImplicitScope) -> Int {
  @Implicit var service: Service
  return service.count
}

@inline(never) func pass3(_ service: Service) -> Int { pass2(service) }
@inline(never) func pass2(_ service: Service) -> Int { pass1(service) }
@inline(never) func pass1(_ service: Service) -> Int { service.count }

@inline(never) func dictionaryRead(_ values: [ObjectIdentifier: Any]) -> Int {
  (values[ObjectIdentifier(Service.self)]! as! Service).count
}

/// The operations measured, each returning something to keep.
enum Operations {
  nonisolated(unsafe) static let service = Service()
  nonisolated(unsafe) static let dictionary: [ObjectIdentifier: Any] = {
    var values: [ObjectIdentifier: Any] = [:]
    for type in [Key0.self, Key1.self, Key2.self, Key3.self, Key4.self, Key5.self, Key6.self, Key7.self, Key8.self] as [AnyClass] {
      values[ObjectIdentifier(type)] = Key0()
    }
    values[ObjectIdentifier(Service.self)] = service
    return values
  }()

  @inline(never) static func nestedProvide(_ scope: ImplicitScope) -> Int {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var value: Service = service
    return 1
  }

  @inline(never) static func rootProvideRead() -> Int {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var value: Service = service
    return read1(scope)
  }

  /// Captures a bag in a closure and reopens it there, as deferred work does.
  @inline(never) static func captureAndReopen(_ scope: ImplicitScope) -> Int {
    let work = { [implicits = #implicits] () -> Int in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return read1(scope)
    }
    return work()
  }
}

/// Times `body` per call: the best of seven rounds.
func nanoseconds(_ iterations: Int, _ body: () -> Int) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { sink &+= body() }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

/// The same for an operation on a scope; the loop is written out because a
/// closure may not use the scope around it (the analyzer's rule).
func nanosecondsReading(_ iterations: Int, _ scope: ImplicitScope) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { sink &+= read3(scope) }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

func nanosecondsNesting(_ iterations: Int, _ scope: ImplicitScope) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { sink &+= Operations.nestedProvide(scope) }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

func nanosecondsBagging(_ iterations: Int, _ scope: ImplicitScope) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { sink &+= Operations.captureAndReopen(scope) }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

/// Runs `body` on a thread of its own (no task), as UI and plain threads do.
final class ResultBox<R>: @unchecked Sendable {
  var value: R?
}

func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
  let box = ResultBox<R>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = 8 << 20
  thread.start()
  done.wait()
  return box.value!
}

struct Ratios: Sendable {
  var dictionary: Double
  var read: Double
  var nested: Double
  var root: Double
  var parameter: Double
  var bag: Double

  static func measure() -> Ratios {
    let iterations = 2_000_000
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var k0 = Key0()
    @Implicit var k1 = Key1()
    @Implicit var k2 = Key2()
    @Implicit var k3 = Key3()
    @Implicit var k4 = Key4()
    @Implicit var k5 = Key5()
    @Implicit var k6 = Key6()
    @Implicit var k7 = Key7()
    @Implicit var k8 = Key8()
    @Implicit var service: Service = Operations.service
    return Ratios(
      dictionary: nanoseconds(iterations) { dictionaryRead(Operations.dictionary) },
      read: nanosecondsReading(iterations, scope),
      nested: nanosecondsNesting(iterations, scope),
      root: nanoseconds(iterations) { Operations.rootProvideRead() },
      parameter: nanoseconds(iterations) { pass3(Operations.service) },
      bag: nanosecondsBagging(iterations / 4, scope))
  }

  /// Ratios to the dictionary lookup, in hundredths.
  func report(_ benchmark: Benchmark, prefix: String) {
    benchmark.measurement(.custom("\(prefix)read÷dict ×100"), Int((read / dictionary * 100).rounded()))
    benchmark.measurement(.custom("\(prefix)nested÷dict ×100"), Int((nested / dictionary * 100).rounded()))
    benchmark.measurement(.custom("\(prefix)root÷dict ×100"), Int((root / dictionary * 100).rounded()))
    benchmark.measurement(.custom("\(prefix)read÷parameter ×100"), Int((read / parameter * 100).rounded()))
    benchmark.measurement(.custom("\(prefix)bag÷dict ×100"), Int((bag / dictionary * 100).rounded()))
  }

  var table: String {
    func row(_ name: String, _ value: Double, _ target: Double?) -> String {
      let ratio = value / dictionary
      let verdict = target.map { ratio <= $0 ? "holds (≤ \($0)×)" : "MISSED (target ≤ \($0)×)" } ?? ""
      return "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%7.2f ns  %5.2f×", value, ratio))  \(verdict)"
    }
    return [
      row("Dictionary<ObjectIdentifier, Any> + as!", dictionary, nil),
      row("read through 3 calls, 10 keys in scope", read, 0.5),
      row("nested scope, 1 provide, end()", nested, 2.5),
      row("root scope, 1 provide, 1 read, end()", root, 3.5),
      row("value passed as a parameter through 3 calls", parameter, nil),
      row("#implicits capture and reopen + read", bag, nil),
    ].joined(separator: "\n")
  }
}

/// The harness's measured loops, each in a scope with ten keys.
enum Measured {
  static func reads(_ benchmark: Benchmark) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var k0 = Key0()
    @Implicit var k1 = Key1()
    @Implicit var k2 = Key2()
    @Implicit var k3 = Key3()
    @Implicit var k4 = Key4()
    @Implicit var k5 = Key5()
    @Implicit var k6 = Key6()
    @Implicit var k7 = Key7()
    @Implicit var k8 = Key8()
    @Implicit var service: Service = Operations.service
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(read3(scope)) }
    benchmark.stopMeasurement()
  }

  static func nested(_ benchmark: Benchmark) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var service: Service = Operations.service
    _ = Operations.nestedProvide(scope)  // steady state: nodes are recycled from here on
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(Operations.nestedProvide(scope)) }
    benchmark.stopMeasurement()
  }

  static func bags(_ benchmark: Benchmark) {
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var service: Service = Operations.service
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(Operations.captureAndReopen(scope)) }
    benchmark.stopMeasurement()
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 10,
    scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 1_000)

  // Each operation alone, with its allocations (in a task, as the harness runs).
  Benchmark("baseline: Dictionary<ObjectIdentifier, Any> lookup + as!") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(dictionaryRead(Operations.dictionary)) }
  }
  Benchmark("baseline: value passed through 3 calls") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(pass3(Operations.service)) }
  }
  Benchmark("read through 3 calls, 10 keys in scope") { benchmark in
    Measured.reads(benchmark)
  }
  Benchmark("nested scope with one provide and end()") { benchmark in
    Measured.nested(benchmark)
  }
  Benchmark("root scope with one provide, one read and end()") { benchmark in
    _ = Operations.rootProvideRead()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(Operations.rootProvideRead()) }
    benchmark.stopMeasurement()
  }
  Benchmark("#implicits capture and reopen") { benchmark in
    Measured.bags(benchmark)
  }

  // The same operations beside swift-dependencies and Swinject.
  registerPeerBenchmarks()

  // The targets, as ratios measured in one run, in a task and on a plain thread.
  Benchmark(
    "ratios to the dictionary lookup",
    configuration: .init(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)
  ) { benchmark in
    let inTask = Ratios.measure()
    let onPlainThread = onThread { Ratios.measure() }
    inTask.report(benchmark, prefix: "task ")
    onPlainThread.report(benchmark, prefix: "thread ")
    print("\nRuntime, in a task (async code and code it calls):\n\(inTask.table)")
    print("Runtime, on a thread that runs no task (UI callbacks, plain threads):\n\(onPlainThread.table)\n")
  }
}
