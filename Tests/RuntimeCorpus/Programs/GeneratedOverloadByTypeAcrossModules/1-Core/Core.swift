import Implicits

public func log1001(_ x: String, _ scope: ImplicitScope) {
}
