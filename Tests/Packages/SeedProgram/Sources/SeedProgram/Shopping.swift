import Foundation
import Implicits

// README, "The Solution": the shopping example.

final class Wallet: @unchecked Sendable {
  private(set) var balance: Double
  private(set) var log: [String] = []

  init(balance: Double) { self.balance = balance }

  func charge(_ amount: Double) {
    balance -= amount
    log.append("charged \(money(amount)), balance \(money(balance))")
  }
}

struct DiscountCard: Sendable {
  var discount: Double
}

func goShopping(_ scope: ImplicitScope) {
  buyGroceries(scope)
  buyClothes(scope)
  buyCoffee(scope)
}

func buyGroceries(_ scope: ImplicitScope) { pay(50, scope) }
func buyClothes(_ scope: ImplicitScope) { pay(200, scope) }
func buyCoffee(_ scope: ImplicitScope) { pay(5, scope) }

func pay(_ price: Int, _: ImplicitScope) {
  @Implicit var wallet: Wallet
  @Implicit var card: DiscountCard
  wallet.charge(Double(price) * (1 - card.discount))
}

func money(_ value: Double) -> String {
  String(format: "%.2f", value)
}

// Article, "Как оно работает": a request handled through three functions,
// only the last of which reads the implicits.

final class Database {
  func fetchUser(_ id: String) -> String { "user \(id)" }
}

final class Logger: @unchecked Sendable {
  let name: String
  private(set) var lines: [String] = []
  init(name: String) { self.name = name }
  func log(_ line: String) { lines.append("[\(name)] \(line)") }

  static let appLogger = Logger(name: "appLogger")
  static let featureLogger = Logger(name: "featureLogger")
}

func handleUserAction(action: String, _ scope: ImplicitScope) {
  processRequest(userId: "123", timeout: 30, scope)
}

func processRequest(userId: String, timeout: Int, _ scope: ImplicitScope) {
  fetchAndProcess(userId: userId, scope)
}

func fetchAndProcess(userId: String, _: ImplicitScope) {
  @Implicit var database: Database
  @Implicit var logger: Logger
  logger.log("Processing request for user \(userId)")
  let user = database.fetchUser(userId)
  logger.log("fetched \(user)")
}

// Article: a feature's own logger shadows the app's for the calls it makes,
// and the app's comes back when the feature returns.

func handleRequest(_ scope: ImplicitScope) -> [String] {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger.appLogger
  var seen = ["handleRequest: doSomething logs with \(doSomething(scope))"]
  seen.append(contentsOf: processFeature(scope))
  seen.append("handleRequest after processFeature: doSomething logs with \(doSomething(scope))")
  return seen
}

func processFeature(_ scope: ImplicitScope) -> [String] {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var logger = Logger.featureLogger
  return ["processFeature: doSomething logs with \(doSomething(scope))"]
}

func doSomething(_: ImplicitScope) -> String {
  @Implicit var logger: Logger
  return logger.name
}
