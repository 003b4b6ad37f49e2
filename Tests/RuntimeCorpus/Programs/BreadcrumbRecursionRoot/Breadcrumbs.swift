import Implicits

extension ImplicitsKeys {
  static let parentTitle = Key<String>()
}

final class Folder {
  let title: String
  let children: [Folder]
  init(_ title: String, _ children: [Folder] = []) {
    self.title = title
    self.children = children
  }
}

func breadcrumbs(_ folder: Folder, _ scope: ImplicitScope) -> [String] {
  @Implicit(\.parentTitle) var parent: String
  var crumbs = ["\(parent) > \(folder.title)"]
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit(\.parentTitle) var title = folder.title
  for child in folder.children {
    crumbs += breadcrumbs(child, scope)
  }
  return crumbs
}

func showDrive(_ root: Folder, _ scope: ImplicitScope) -> [String] {
  // Children of the root know their parent; the root itself was assumed
  // to have none, but it reads one like every folder.
  breadcrumbs(root, scope)
}

func openDrive() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  return showDrive(Folder("Drive", [Folder("Photos", [Folder("2024")]), Folder("Docs")]), scope)
}
