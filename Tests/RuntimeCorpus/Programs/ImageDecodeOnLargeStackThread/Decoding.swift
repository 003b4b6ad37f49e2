import Foundation
import Implicits

final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// Runs `body` on a thread with a large stack (deeply nested images
/// recurse deeply) and waits for it: `body` does not escape the call.
func run<T>(_ body: () -> T) -> T {
  withoutActuallyEscaping(body) { body in
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
      box.value = body()
      done.signal()
    }
    worker.stackSize = 16 << 20
    worker.start()
    done.wait()
    return box.value!
  }
}

final class ColorProfile {
  let name = "Display P3"
}

func decode(_ file: String, _: ImplicitScope) -> String {
  @Implicit var profile: ColorProfile
  return "\(file) decoded in \(profile.name)"
}

func openImage(_ file: String) -> String {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var profile = ColorProfile()
  let preview = decode(file + " (preview)", scope)
  print(preview)
  return run { decode(file, scope) }
}
