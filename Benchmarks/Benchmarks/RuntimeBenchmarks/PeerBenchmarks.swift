import Benchmark
import Dependencies
import Dispatch
import Foundation
import Implicits
import Swinject

// The runtime beside the libraries users weigh it against, each in its
// idiomatic form, one value provided, all measured in one run:
// swift-dependencies (`@Dependency`, `withDependencies`, task-local
// storage) and Swinject (`Container.resolve`). Passing the value as a
// parameter is the floor.

extension Service: @unchecked Sendable {}

private enum ServiceKey: DependencyKey {
  static var liveValue: Service { Operations.service }
}

extension DependencyValues {
  var benchmarkService: Service {
    get { self[ServiceKey.self] }
    set { self[ServiceKey.self] = newValue }
  }
}

// swift-dependencies: the value read where it is needed, three calls down.
@inline(never) func dependencyRead3() -> Int { dependencyRead2() }
@inline(never) func dependencyRead2() -> Int { dependencyRead1() }
@inline(never) func dependencyRead1() -> Int {
  @Dependency(\.benchmarkService) var service
  return service.count
}

// Swinject: the resolver handed down three calls, resolved at the bottom.
@inline(never) func resolverRead3(_ resolver: Resolver) -> Int { resolverRead2(resolver) }
@inline(never) func resolverRead2(_ resolver: Resolver) -> Int { resolverRead1(resolver) }
@inline(never) func resolverRead1(_ resolver: Resolver) -> Int { resolver.resolve(Service.self)!.count }

/// The operations of each library.
enum Peers {
  nonisolated(unsafe) static let container: Container = {
    let container = Container()
    container.register(Service.self) { _ in Operations.service }
    return container
  }()

  // MARK: Provide, then read, three scopes deep

  @inline(never) static func implicitsNested3(_ scope: ImplicitScope) -> Int {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var one: Service = Operations.service
    return implicitsNested2(scope)
  }

  @inline(never) static func implicitsNested2(_ scope: ImplicitScope) -> Int {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var two: Service = Operations.service
    return implicitsNested1(scope)
  }

  @inline(never) static func implicitsNested1(_ scope: ImplicitScope) -> Int {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var three: Service = Operations.service
    return read1(scope)
  }

  @inline(never) static func dependenciesNested3() -> Int {
    withDependencies { $0.benchmarkService = Operations.service } operation: {
      withDependencies { $0.benchmarkService = Operations.service } operation: {
        withDependencies { $0.benchmarkService = Operations.service } operation: { dependencyRead1() }
      }
    }
  }

  @inline(never) static func swinjectNested3() -> Int {
    let first = Container(parent: container)
    first.register(Service.self) { _ in Operations.service }
    let second = Container(parent: first)
    second.register(Service.self) { _ in Operations.service }
    let third = Container(parent: second)
    third.register(Service.self) { _ in Operations.service }
    return resolverRead1(third)
  }

  // MARK: Captured for later, run on another thread

  /// A closure that reopens what it captured and reads.
  @inline(never) static func implicitsCapture(_ scope: ImplicitScope) -> @Sendable () -> Int {
    { [implicits = #implicits] in
      let scope = ImplicitScope(with: implicits)
      defer { scope.end() }
      return read1(scope)
    }
  }

  @inline(never) static func dependenciesCapture() -> @Sendable () -> Int {
    withEscapedDependencies { continuation in
      { continuation.yield { dependencyRead1() } }
    }
  }

  @inline(never) static func swinjectCapture() -> @Sendable () -> Int {
    let resolver = SynchronizedResolver(resolver: container.synchronize())
    return { resolverRead1(resolver.resolver) }
  }
}

/// Swinject's synchronized resolver, which other threads may use (its type
/// does not say so).
struct SynchronizedResolver: @unchecked Sendable {
  let resolver: Resolver
}

/// Nanoseconds per closure: `count` captured here, then all run on
/// another thread (the best of five rounds).
func nanosecondsCapturedElsewhere(_ count: Int, capture: () -> @Sendable () -> Int) -> Double {
  var best = Double.infinity
  for _ in 0..<5 {
    let start = DispatchTime.now().uptimeNanoseconds
    let closures = (0..<count).map { _ in capture() }
    let sum = onThread { closures.reduce(0) { $0 &+ $1() } }
    blackHole(sum)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
  }
  return best
}

/// One run of every row, for one library, in nanoseconds per operation.
struct PeerRow: Sendable {
  var read: Double
  var nested: Double
  var captured: Double
}

struct PeerTable: Sendable {
  var parameter: Double
  var implicits: PeerRow
  var dependencies: PeerRow
  var swinject: PeerRow

  static func measure() -> PeerTable {
    let iterations = 400_000
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var service: Service = Operations.service
    let implicits = PeerRow(
      read: nanosecondsReading(iterations, scope),
      nested: nanosecondsNested3(iterations / 4, scope),
      captured: nanosecondsCapturedElsewhere(iterations / 20, scope))
    let dependencies = withDependencies { $0.benchmarkService = Operations.service } operation: {
      PeerRow(
        read: nanoseconds(iterations) { dependencyRead3() },
        nested: nanoseconds(iterations / 4) { Peers.dependenciesNested3() },
        captured: nanosecondsCapturedElsewhere(iterations / 20) { Peers.dependenciesCapture() })
    }
    let swinject = PeerRow(
      read: nanoseconds(iterations) { resolverRead3(Peers.container) },
      nested: nanoseconds(iterations / 4) { Peers.swinjectNested3() },
      captured: nanosecondsCapturedElsewhere(iterations / 20) { Peers.swinjectCapture() })
    return PeerTable(
      parameter: nanosecondsPassing(iterations), implicits: implicits,
      dependencies: dependencies, swinject: swinject)
  }

  /// Ratios in hundredths: ours to the floor and to each peer.
  func report(_ benchmark: Benchmark, prefix: String) {
    func percent(_ value: Double) -> Int { Int((value * 100).rounded()) }
    benchmark.measurement(.custom("\(prefix)read÷parameter ×100"), percent(implicits.read / parameter))
    for (name, ours, peer) in rows {
      benchmark.measurement(.custom("\(prefix)\(name)÷dependencies ×100"), percent(ours / peer.dependencies))
      benchmark.measurement(.custom("\(prefix)\(name)÷swinject ×100"), percent(ours / peer.swinject))
    }
  }

  private var rows: [(String, Double, (dependencies: Double, swinject: Double))] {
    [
      ("read", implicits.read, (dependencies.read, swinject.read)),
      ("nested", implicits.nested, (dependencies.nested, swinject.nested)),
      ("captured", implicits.captured, (dependencies.captured, swinject.captured)),
    ]
  }

  var table: String {
    func cell(_ value: Double) -> String { String(format: "%9.1f ns", value) }
    func ratio(_ value: Double) -> String { String(format: "%6.2f×", value) }
    let names = [
      "read, 3 calls down", "provide and read, 3 scopes deep", "captured, run on another thread",
    ]
    var lines = [
      "  \("".padding(toLength: 34, withPad: " ", startingAt: 0)) \("implicits".padding(toLength: 12, withPad: " ", startingAt: 0))"
        + " \("dependencies".padding(toLength: 12, withPad: " ", startingAt: 0)) \("Swinject".padding(toLength: 12, withPad: " ", startingAt: 0))"
        + " ours÷deps ours÷Swinject"
    ]
    for (index, row) in rows.enumerated() {
      lines.append(
        "  \(names[index].padding(toLength: 34, withPad: " ", startingAt: 0)) \(cell(row.1))  \(cell(row.2.dependencies))  \(cell(row.2.swinject))  "
          + "\(ratio(row.1 / row.2.dependencies))   \(ratio(row.1 / row.2.swinject))")
    }
    lines.append(
      "  value passed as a parameter (the floor): \(cell(parameter)); our read is \(ratio(implicits.read / parameter)) of it"
        + " (target ≤ 2×: \(implicits.read / parameter <= 2 ? "holds" : "MISSED"))")
    return lines.joined(separator: "\n")
  }
}

/// The same for closures that capture what `scope` holds; the loop is
/// written out because a closure may not use the scope around it (the
/// analyzer's rule).
func nanosecondsCapturedElsewhere(_ count: Int, _ scope: ImplicitScope) -> Double {
  var best = Double.infinity
  for _ in 0..<5 {
    let start = DispatchTime.now().uptimeNanoseconds
    var closures: [@Sendable () -> Int] = []
    closures.reserveCapacity(count)
    for _ in 0..<count { closures.append(Peers.implicitsCapture(scope)) }
    let captured = closures
    let sum = onThread { captured.reduce(0) { $0 &+ $1() } }
    blackHole(sum)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
  }
  return best
}

/// The floor: the value passed down three calls. Two values take turns,
/// so that the optimizer cannot hoist the calls out of the loop (it did,
/// and measured nothing).
func nanosecondsPassing(_ iterations: Int) -> Double {
  let services = [Operations.service, Service()]
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<iterations { sink &+= pass3(services[index & 1]) }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

func nanosecondsNested3(_ iterations: Int, _ scope: ImplicitScope) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { sink &+= Peers.implicitsNested3(scope) }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  blackHole(sink)
  return best
}

/// The harness's loops for each row and library, with their allocations.
func registerPeerBenchmarks() {
  Benchmark("peers: read, implicits") { benchmark in
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var service: Service = Operations.service
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(read3(scope)) }
    benchmark.stopMeasurement()
  }
  Benchmark("peers: read, swift-dependencies") { benchmark in
    withDependencies { $0.benchmarkService = Operations.service } operation: {
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(dependencyRead3()) }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("peers: read, Swinject") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(resolverRead3(Peers.container)) }
  }
  Benchmark("peers: provide and read 3 deep, implicits") { benchmark in
    let scope = ImplicitScope()
    defer { scope.end() }
    _ = Peers.implicitsNested3(scope)  // steady state: nodes are recycled from here on
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(Peers.implicitsNested3(scope)) }
    benchmark.stopMeasurement()
  }
  Benchmark("peers: provide and read 3 deep, swift-dependencies") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Peers.dependenciesNested3()) }
  }
  Benchmark("peers: provide and read 3 deep, Swinject") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Peers.swinjectNested3()) }
  }
  Benchmark("peers: capture, implicits") { benchmark in
    let scope = ImplicitScope()
    defer { scope.end() }
    @Implicit var service: Service = Operations.service
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(Peers.implicitsCapture(scope)()) }
    benchmark.stopMeasurement()
  }
  Benchmark("peers: capture, swift-dependencies") { benchmark in
    withDependencies { $0.benchmarkService = Operations.service } operation: {
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(Peers.dependenciesCapture()()) }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("peers: capture, Swinject") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Peers.swinjectCapture()()) }
  }

  // The rows in one run, in a task and on a plain thread.
  Benchmark(
    "peers: ratios",
    configuration: .init(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)
  ) { benchmark in
    let inTask = PeerTable.measure()
    let onPlainThread = onThread { PeerTable.measure() }
    inTask.report(benchmark, prefix: "task ")
    onPlainThread.report(benchmark, prefix: "thread ")
    print("\nBeside the peers, in a task:\n\(inTask.table)")
    print("Beside the peers, on a thread that runs no task:\n\(onPlainThread.table)\n")
  }
}
