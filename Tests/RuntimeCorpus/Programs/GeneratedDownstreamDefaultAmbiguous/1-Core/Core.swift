import Implicits

public class Cart {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class Logger {
  public let id: Int
  public init(_ id: Int) { self.id = id }
}

public final class FileCart: Cart {}

public protocol Job1002 {
  @RequiresImplicits(.type(Cart.self), .type(Logger.self), .type(FileCart.self))
  func run1002(_ x: Int, _ scope: ImplicitScope)
}
