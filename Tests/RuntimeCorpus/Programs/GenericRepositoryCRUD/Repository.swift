import Implicits

protocol Model {
  static var table: String { get }
  var id: Int { get }
}

struct Note: Model {
  static let table = "notes"
  let id: Int
  let text: String
}

struct Tag: Model {
  static let table = "tags"
  let id: Int
  let label: String
}

final class SQLDatabase {
  private var tables: [String: [Int: Any]] = [:]
  private(set) var statements: [String] = []
  func insert(_ table: String, _ id: Int, _ row: Any) {
    statements.append("INSERT \(table) \(id)")
    tables[table, default: [:]][id] = row
  }
  func select(_ table: String, _ id: Int) -> Any? {
    statements.append("SELECT \(table) \(id)")
    return tables[table]?[id]
  }
}

struct Repository<M: Model> {
  func save(_ model: M, _: ImplicitScope) {
    @Implicit var database: SQLDatabase
    database.insert(M.table, model.id, model)
  }

  func find(_ id: Int, _: ImplicitScope) -> M? {
    @Implicit var database: SQLDatabase
    return database.select(M.table, id) as? M
  }
}

func importNotes(_ scope: ImplicitScope) -> [String] {
  let notes = Repository<Note>()
  let tags = Repository<Tag>()
  notes.save(Note(id: 1, text: "buy milk"), scope)
  tags.save(Tag(id: 1, label: "home"), scope)
  return [notes.find(1, scope)?.text ?? "-", tags.find(1, scope)?.label ?? "-", notes.find(2, scope)?.text ?? "none"]
}

func runImport() -> ([String], Int) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = SQLDatabase()
  return (importNotes(scope), database.statements.count)
}
