import Foundation
import Implicits

extension ImplicitsKeys {
  /// Where the API lives: a stored key, named by the key itself from other
  /// modules (`ImplicitsKeys.apiBaseURL`).
  public static let apiBaseURL = Key<URL>()
  /// How long a request may take: a computed key over a private stored one,
  /// which other modules may also name by key path (`\.requestTimeout`).
  public static var requestTimeout: Key<Double> { _requestTimeout }
  private static let _requestTimeout = Key<Double>()
}

public final class Logger {
  public private(set) var lines: [String] = []
  public init() {}
  public func write(_ line: String) { lines.append(line) }
}

public struct Endpoint {
  public let url: URL
  public init(base: URL, path: String) { url = base.appendingPathComponent(path) }
}
