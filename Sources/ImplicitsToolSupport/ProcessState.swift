#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the system says of another process.
public enum ProcessState {
  /// Whether process `pid` is stopped (`SIGSTOP`, Ctrl-Z, a debugger): it
  /// runs no code until continued, so waiting for it can last forever. On
  /// Linux, the state `T` or `t` of `/proc/PID/stat`; false elsewhere and
  /// when the process is gone.
  public static func isStopped(_ pid: Int32) -> Bool {
    #if os(Linux)
      let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return false }
      // `pid (name) S …`: the state follows the last ')' (a name may hold one).
      guard let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return false }
      let state = buffer[close + 2]
      return state == UInt8(ascii: "T") || state == UInt8(ascii: "t")
    #else
      return false
    #endif
  }
}
