import Implicits

final class Analytics {
  private(set) var events: [String] = []
  func track(_ event: String) { events.append(event) }
}

final class Logger {
  private(set) var lines: [String] = []
  func log(_ line: String) { lines.append(line) }
}

struct Component {
  let name: String
}

protocol Builder {
  func build(_ scope: ImplicitScope) -> Component
}

struct CellBuilder: Builder {
  let index: Int
  func build(_: ImplicitScope) -> Component {
    @Implicit var analytics: Analytics
    analytics.track("cell_created \(index)")
    return Component(name: "cell\(index)")
  }
}

struct HeaderBuilder: Builder {
  func build(_: ImplicitScope) -> Component {
    @Implicit var logger: Logger
    logger.log("header built")
    return Component(name: "header")
  }
}

func createComponent(builder: Builder, _ scope: ImplicitScope) -> Component {
  builder.build(scope)
}

func createAll<B: Builder>(_ builders: [B], _ scope: ImplicitScope) -> [Component] {
  var result: [Component] = []
  for builder in builders {
    result.append(builder.build(scope))
  }
  return result
}

func makeHeader() -> some Builder { HeaderBuilder() }

func buildScreen() -> ([String], Analytics, Logger) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var analytics = Analytics()
  @Implicit var logger = Logger()
  let header = makeHeader()
  var names = [header.build(scope).name]
  names += createAll([CellBuilder(index: 0), CellBuilder(index: 1)], scope).map(\.name)
  let mixed: [any Builder] = [HeaderBuilder(), CellBuilder(index: 2)]
  for builder in mixed {
    names.append(createComponent(builder: builder, scope).name)
  }
  return (names, analytics, logger)
}
