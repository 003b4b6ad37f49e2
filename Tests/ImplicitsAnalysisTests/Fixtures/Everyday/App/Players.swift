import Implicits

final class Physics {
  var gravity = 9.8
}

final class Player {
  var y = 0.0

  func step(_ dt: Double, _ scope: ImplicitScope) {
    @Implicit var physics: Physics
    y -= physics.gravity * dt
  }
}

final class World {
  var players: [Player] = []
  var byName: [String: Player] = [:]
  var leader: Player?

  func tick(_ dt: Double, _ scope: ImplicitScope) {
    for index in players.indices {
      players[index].step(dt, scope)
    }
    byName["lead"]?.step(dt, scope)
    leader?.step(dt, scope)
    players.first?.step(dt, scope)
    let best = players.max { $0.y < $1.y }
    best?.step(dt, scope)
  }
}

// A private helper of the same name in two files: each file sees its own.
private func log(_ message: String, _ scope: ImplicitScope) {
  @Implicit var physics: Physics
  _ = physics
}

func stepWorld(_ world: World, _ scope: ImplicitScope) {
  log("step", scope)
  world.tick(1, scope)
}
