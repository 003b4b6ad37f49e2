import Implicits

public final class Session {
  public let token = "t-42"
  public init() {}
}

/// Uploaders are implemented by the app and its plug-ins; the requirement
/// declares what it reads.
public protocol Uploader {
  @RequiresImplicits(.type(Session.self))
  func upload(_ file: String, _ scope: ImplicitScope) -> String
}

public func uploadAll(_ files: [String], to uploaders: [any Uploader], _ scope: ImplicitScope) -> [String] {
  var results: [String] = []
  for uploader in uploaders {
    for file in files {
      results.append(uploader.upload(file, scope))
    }
  }
  return results
}
