import Implicits

struct Request {
  let id: Int
  let path: String
}

final class RequestFormatter {
  let verbose: Bool
  init(verbose: Bool) { self.verbose = verbose }
}

/// Debug messages are cheap to log: they are kept unevaluated and only
/// built when the buffer is flushed.
final class LogBuffer {
  private var pending: [() -> String] = []
  private(set) var flushed: [String] = []

  func debug(_ message: @escaping @autoclosure () -> String) {
    pending.append(message)
  }

  func flush() {
    flushed += pending.map { $0() }
    pending = []
  }
}

func describe(_ request: Request, _: ImplicitScope) -> String {
  @Implicit var formatter: RequestFormatter
  return formatter.verbose ? "#\(request.id) GET \(request.path)" : "#\(request.id)"
}
