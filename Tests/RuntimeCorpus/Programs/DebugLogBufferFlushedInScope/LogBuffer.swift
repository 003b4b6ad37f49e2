import Implicits

func process(_ requests: [Request], into buffer: LogBuffer) {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var formatter = RequestFormatter(verbose: true)
  for request in requests {
    buffer.debug(describe(request, scope))
  }
  // Flushed at the end of each batch, while the formatter is provided.
  buffer.flush()
}
