import Implicits

final class Database {
  private(set) var statements: [String] = []
  func execute(_ sql: String) { statements.append(sql) }
}

final class MigrationLog {
  func applied(_ version: Int) { print("applied migration", version) }
}

protocol Migration {
  static var version: Int { get }
  static func migrate(_ scope: ImplicitScope)
}

enum CreateUsers: Migration {
  static let version = 1
  static func migrate(_ scope: ImplicitScope) {
    @Implicit var database: Database
    database.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
  }
}

enum AddEmailToUsers: Migration {
  static let version = 2
  static func migrate(_ scope: ImplicitScope) {
    @Implicit var database: Database
    @Implicit var log: MigrationLog
    database.execute("ALTER TABLE users ADD COLUMN email TEXT")
    log.applied(version)
  }
}

let allMigrations: [any Migration.Type] = [CreateUsers.self, AddEmailToUsers.self]

func migrate(from current: Int, _ scope: ImplicitScope) {
  for migration in allMigrations where migration.version > current {
    migration.migrate(scope)
  }
}

func openDatabase() -> [String] {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var database = Database()
  @Implicit var log = MigrationLog()
  migrate(from: 0, scope)
  return database.statements
}
