import Implicits
import Uploading

/// Signs requests for the HTTP uploaders; `uploadAll` does not provide it.
final class RequestSigner {
  func sign(_ path: String) -> String { "\(path)?sig=abc" }
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

/// Conforms to the upstream protocol with the method it inherits.
final class VideoUploader: HTTPUploader, Uploader {}

func backUpVideos() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var session = Session()
  return uploadAll(["clip.mov"], to: [LocalUploader(), VideoUploader(host: "https://video.example.com")], scope)
}
