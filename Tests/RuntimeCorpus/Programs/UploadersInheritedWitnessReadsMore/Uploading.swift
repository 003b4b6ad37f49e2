import Implicits

public final class Session {
  public let token = "t-42"
  public init() {}
}

/// Signs requests for the HTTP uploaders; the upload pipeline does not
/// provide it.
final class RequestSigner {
  func sign(_ path: String) -> String { "\(path)?sig=abc" }
}

/// Uploaders are also implemented by plug-ins of other modules, so the
/// requirement declares what it reads.
public protocol Uploader {
  @RequiresImplicits(.type(Session.self))
  func upload(_ file: String, _ scope: ImplicitScope) -> String
}

struct LocalUploader: Uploader {
  func upload(_ file: String, _ scope: ImplicitScope) -> String {
    @Implicit var session: Session
    return "copied \(file) for \(session.token)"
  }
}

/// Shared plumbing for HTTP uploads. It does not conform to `Uploader`
/// itself; subclasses do.
class HTTPUploader {
  let host: String
  init(host: String) { self.host = host }

  func upload(_ file: String, _ scope: ImplicitScope) -> String {
    @Implicit var session: Session
    @Implicit var signer: RequestSigner
    return "PUT \(host)\(signer.sign("/" + file)) as \(session.token)"
  }
}

/// Conforms with the method it inherits from `HTTPUploader`.
final class PhotoUploader: HTTPUploader, Uploader {}

func uploadAll(_ files: [String], to uploaders: [any Uploader], _ scope: ImplicitScope) -> [String] {
  var results: [String] = []
  for uploader in uploaders {
    for file in files {
      results.append(uploader.upload(file, scope))
    }
  }
  return results
}

func backUpCameraRoll() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  return uploadAll(["IMG_1.jpg"], to: [LocalUploader(), PhotoUploader(host: "https://photos.example.com")], scope)
}
