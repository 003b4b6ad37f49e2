import Implicits

final class HistoryStore: Sendable {
  func recent() -> [String] { ["jazz", "blues"] }
}

final class RankingModel: Sendable {
  func rank(_ genres: [String]) -> [String] { genres.sorted() }
}

func recentGenres(_: ImplicitScope) async -> [String] {
  @Implicit var history: HistoryStore
  return history.recent()
}

func rankedPicks(_ scope: ImplicitScope) async -> [String] {
  @Implicit var model: RankingModel
  return model.rank(await recentGenres(scope))
}

func homeFeed(personalized: Bool, _ scope: ImplicitScope) async -> [String] {
  async let recent = recentGenres(scope)
  guard personalized else { return await recent }
  async let picks = rankedPicks(scope)
  return await recent + picks
}

func startMusicApp(personalized: Bool) async -> [String] {
  await withScope { scope in
    @Implicit var history = HistoryStore()
    // The ranking model is loaded by the onboarding flow, which this
    // entry point skips.
    return await homeFeed(personalized: personalized, scope)
  }
}
