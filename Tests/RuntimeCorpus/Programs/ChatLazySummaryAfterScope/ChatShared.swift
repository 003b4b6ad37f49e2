import Implicits

final class MessageStore {
  var messages: [String] = ["hi", "how are you?", "see you"]
}

final class Summarizer {
  let maxWords: Int
  init(maxWords: Int) { self.maxWords = maxWords }
}

func summarize(_ scope: ImplicitScope) -> String {
  @Implicit var store: MessageStore
  @Implicit var summarizer: Summarizer
  let words = store.messages.joined(separator: " ").split(separator: " ")
  return words.prefix(summarizer.maxWords).joined(separator: " ") + "…"
}
