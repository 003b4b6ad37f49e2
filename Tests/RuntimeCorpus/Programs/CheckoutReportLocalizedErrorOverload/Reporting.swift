import Foundation
import Implicits

final class LogSink {
  func write(_ line: String) { print("log:", line) }
}

/// Collects errors for the crash service; checkout does not provide it.
final class CrashReporter {
  func capture(_ error: Error) { print("captured:", error.localizedDescription) }
}

struct PaymentDeclined: LocalizedError {
  let code: Int
  var errorDescription: String? { "payment declined (\(code))" }
}

struct Amount: CustomStringConvertible {
  let cents: Int
  var description: String { "\(cents / 100).\(cents % 100) EUR" }
}

func report(_ error: Error, _: ImplicitScope) {
  @Implicit var crashes: CrashReporter
  crashes.capture(error)
}

func report(_ message: String, _: ImplicitScope) {
  @Implicit var sink: LogSink
  sink.write(message)
}

func report(_ value: any CustomStringConvertible, _: ImplicitScope) {
  @Implicit var sink: LogSink
  sink.write(value.description)
}

func checkout(cents: Int, card: String) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var sink = LogSink()
  report("checkout started", scope)
  report(Amount(cents: cents), scope)
  if card.hasPrefix("4000") {
    report(PaymentDeclined(code: 51), scope)
  }
}
