/// The app's text style (used by labels outside lists).
struct Style {
  let font: String
}

/// How list screens lay out their rows.
struct ListStyle {
  let rowHeight: Int
  let separators: Bool
}

protocol ListScreen {
  var title: String { get }
}

extension ListScreen {
  typealias Style = ListStyle
}
