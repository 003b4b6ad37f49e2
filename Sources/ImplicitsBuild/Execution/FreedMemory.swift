#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Memory that the process's allocator holds free.
public enum FreedMemory {
  /// Hands the free pages of every malloc arena back to the system
  /// (glibc's `malloc_trim`; nothing elsewhere). glibc keeps what a thread
  /// frees in that thread's arena, resident, for the thread to reuse: a
  /// scheduler thread that runs out of work would otherwise keep the memory
  /// of its last analyses while another thread's analysis peaks. (The
  /// benchmarks call it too, before each reading of peak memory.)
  public static func returnToSystem() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    /// Looked up at run time: the Glibc module does not declare it.
    private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
      unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
  #endif
}
