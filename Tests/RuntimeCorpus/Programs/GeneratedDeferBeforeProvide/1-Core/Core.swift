import Implicits

public final class Logger {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}
