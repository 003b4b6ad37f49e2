import DemoCore
import Implicits

func run() -> (() -> String, Reception, Audit) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock(now: "noon")
  @Implicit var audit = Audit()
  @Implicit var heavy = Heavy()
  print(Greeter.greet("Ada", scope))
  return (Greeter.deferredGreeting("Grace", scope), Reception(scope), audit)
}

let (later, reception, audit) = run()
print(later())
print(reception.welcome("Linus"))
print("audit: \(audit.entries.joined(separator: "; "))")
print("heavy objects alive after the scope ended: \(Heavy.alive)")
