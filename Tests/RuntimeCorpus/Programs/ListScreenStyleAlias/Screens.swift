import Implicits

struct InboxScreen: ListScreen {
  let title = "Inbox"

  func rows(_ items: [String], _: ImplicitScope) -> [String] {
    @Implicit var layout: ListStyle
    @Implicit var style: Style
    return items.map { "\($0) h=\(layout.rowHeight) font=\(style.font)" }
  }
}

struct ArchiveScreen: ListScreen {
  let title = "Archive"

  // The archive provides a compact `Style` for the inbox rows it embeds.
  // In this expression Swift resolves `Style` to the protocol extension's
  // alias, `ListStyle` (in a type annotation it picks the module's struct).
  func render(_ items: [String], _ scope: ImplicitScope) -> [String] {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit var style = Style(rowHeight: 32, separators: false)
    return [title] + InboxScreen().rows(items, scope)
  }
}

func headerLabel(_ text: String, _: ImplicitScope) -> String {
  @Implicit var style: Style
  return "\(text) in \(style.font)"
}

func showMail() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var text = Style(font: "SF Pro")
  @Implicit var list = ListStyle(rowHeight: 44, separators: true)
  var lines = [headerLabel("Mail", scope)]
  lines += InboxScreen().rows(["hello", "invoice"], scope)
  lines += ArchiveScreen().render(["old"], scope)
  return lines
}
