import Implicits

final class ImageLoader {
  func load(_ id: Int) -> String { "img\(id).png" }
}

final class Formatter {
  func price(_ cents: Int) -> String { "$\(cents / 100).\(String(format: "%02d", cents % 100))" }
}

class ProductCell {
  @Implicit var images: ImageLoader
  let id: Int
  private(set) var image = ""

  init(id: Int, _ scope: ImplicitScope) {
    self.id = id
    image = images.load(id)
  }

  func render() -> String { "#\(id) \(image)" }
}

/// Sale cells add a price; they keep the superclass's initializer.
final class SaleCell: ProductCell {
  @Implicit var formatter: Formatter

  func render(cents: Int) -> String { render() + " " + formatter.price(cents) }
}

func renderShelf(_ ids: [Int], _ scope: ImplicitScope) -> [String] {
  var lines: [String] = []
  for id in ids {
    if id.isMultiple(of: 2) {
      lines.append(SaleCell(id: id, scope).render(cents: id * 150))
    } else {
      lines.append(ProductCell(id: id, scope).render())
    }
  }
  return lines
}
