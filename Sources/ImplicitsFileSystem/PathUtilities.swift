#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lexical path arithmetic on `/`-separated paths. Nothing here touches the
/// file system or resolves symbolic links: paths in the manifest mean what
/// they say, the way a shell reads them.
public enum PathUtilities {
  /// The process's current directory, or `/` if it cannot be read.
  public static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` made absolute against `base` (itself absolute) and normalized.
  public static func absolute(_ path: String, relativeTo base: String) -> String {
    normalize(path.hasPrefix("/") ? path : base + "/" + path)
  }

  /// Removes empty and `.` components and folds `..` into its parent.
  /// An absolute path stays absolute (`/..` is `/`); a relative one keeps
  /// its leading `..` components.
  public static func normalize(_ path: String) -> String {
    if isNormal(path) { return path }
    let isAbsolute = path.hasPrefix("/")
    var result: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..":
        if let last = result.last, last != ".." {
          result.removeLast()
        } else if !isAbsolute {
          result.append(component)
        }
      default: result.append(component)
      }
    }
    let joined = result.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// `path` relative to `root`, both absolute and normalized: the part
  /// after `root/`, or `path` itself when it is not below `root`.
  public static func relative(_ path: String, below root: String) -> String {
    let base = root.utf8.last == UInt8(ascii: "/") ? root.utf8.count : root.utf8.count + 1
    guard path.utf8.count >= base, path.utf8.starts(with: root.utf8),
      root.utf8.last == UInt8(ascii: "/") || path.utf8.dropFirst(base - 1).first == UInt8(ascii: "/")
    else { return path }
    return String(path.utf8.dropFirst(base))!
  }

  /// Whether `normalize` would give `path` back unchanged: no empty, `.`
  /// or `..` component and no trailing `/` (one pass over the bytes; a
  /// build normalizes a path per module).
  static func isNormal(_ path: String) -> Bool {
    if path == "/" { return true }
    let components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst(path.hasPrefix("/") ? 1 : 0)
    return !components.isEmpty && !components.contains { $0.isEmpty || $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) }
  }

  /// The last component of `path` (`c` of `/a/b/c`).
  public static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The directory part of a path (`/a/b` → `/a`, `/a` → `/`).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// The components of `path` relative to `base`, both absolute and
  /// normalized, with `..` steps when `path` is not below `base`.
  public static func relativeComponents(of path: String, from base: String) -> [Substring] {
    let target = path.split(separator: "/")
    let origin = base.split(separator: "/")
    var common = 0
    while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
    return Array(repeating: "..", count: origin.count - common) + target[common...]
  }

  /// `path` relative to `base`, both absolute and normalized, with `..`
  /// steps when `path` is not below `base` (`.` for `base` itself).
  public static func relative(_ path: String, from base: String) -> String {
    let components = relativeComponents(of: path, from: base)
    return components.isEmpty ? "." : components.joined(separator: "/")
  }

  /// Whether UTF-8 `a` sorts before `b` byte by byte, the same on every
  /// machine and locale.
  public static func byteOrder(_ a: String, _ b: String) -> Bool {
    if let order = a.utf8.withContiguousStorageIfAvailable({ a in
      b.utf8.withContiguousStorageIfAvailable { b -> Bool in
        let common = min(a.count, b.count)
        let compared = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return compared != 0 ? compared < 0 : a.count < b.count
      }
    }), let order {
      return order
    }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `paths` sorted by bytes with exact (byte-equal) duplicates removed.
  public static func sortedUnique(_ paths: [String]) -> [String] {
    var result: [String] = []
    for path in paths.sorted(by: byteOrder) where result.last.map({ !$0.utf8.elementsEqual(path.utf8) }) ?? true {
      result.append(path)
    }
    return result
  }
}
