import Implicits

final class Cache {}

func internalHelper(_ scope: ImplicitScope) {
  @Implicit var cache: Cache
}
