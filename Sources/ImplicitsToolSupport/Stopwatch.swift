import Dispatch

/// Seconds since it started, on the monotonic clock: what a build, a
/// module's analysis or a wait for the build server took.
package struct Stopwatch: Sendable {
  private let start: DispatchTime

  /// Starts now.
  package init() {
    start = DispatchTime.now()
  }

  /// Seconds since it started.
  package var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
}
