import CYaml

/// Reads YAML text into a `YAMLNode` tree with libyaml's event API
/// (`yaml_parser_parse`).
///
/// The tree is built with an explicit stack, not recursion, and nesting is
/// capped at `maximumDepth`, so no input can exhaust the call stack, here or
/// later when the tree is compared or destroyed. Every libyaml object is
/// released: the parser by a `defer`, each event right after it is consumed.
///
/// What a manifest does not need is rejected with an error at its position
/// rather than half-supported: anchors (`&a`), aliases (`*a`), tags
/// (`!!str`, `!custom`) and a second document (`---`). Those errors are all
/// collected; a syntax error stops the reading, since libyaml cannot go on
/// after one.
enum YAMLReader {
  /// The deepest nesting of lists and mappings accepted. A manifest needs 4.
  static let maximumDepth = 64

  /// Parses `text`. Returns `nil` when the text holds no document at all
  /// (empty, or only comments and blank lines).
  static func parse(_ text: String, path: String) throws(ManifestErrors) -> YAMLNode? {
    try parse(bytes: Array(text.utf8), path: path)
  }

  /// Parses raw bytes (UTF-8, or UTF-16 with a byte order mark, as libyaml
  /// detects). Returns `nil` when the input holds no document.
  static func parse(bytes: [UInt8], path: String) throws(ManifestErrors) -> YAMLNode? {
    if bytes.isEmpty { return nil }
    var builder = TreeBuilder(path: path)
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw ManifestErrors([ManifestError(path: path, location: nil, message: "out of memory while reading YAML")])
    }
    defer { yaml_parser_delete(&parser) }

    bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      while !builder.finished {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
          builder.fail(syntaxError(parser, bytes: buffer, path: path))
          break
        }
        builder.consume(event)
        yaml_event_delete(&event)
      }
    }
    if !builder.errors.isEmpty { throw ManifestErrors(builder.errors) }
    return builder.root
  }

  /// Turns libyaml's error state into an error at the problem's position.
  private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, path: String)
    -> ManifestError
  {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
    switch parser.error {
    case YAML_MEMORY_ERROR:
      return ManifestError(path: path, location: nil, message: "out of memory while reading YAML")
    case YAML_READER_ERROR:
      // Encoding problems: libyaml gives a byte offset, not a mark.
      var message = "invalid YAML text: \(problem)"
      if parser.problem_value != -1 {
        message += " (0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
      }
      return ManifestError(
        path: path, location: location(ofByteOffset: Int(parser.problem_offset), in: bytes), message: message)
    default:
      if let explained = YAMLSlips.explain(
        problem: problem, at: location(of: parser.problem_mark),
        context: parser.context == nil ? nil : location(of: parser.context_mark), bytes: bytes)
      {
        return ManifestError(path: path, location: explained.location, message: explained.message)
      }
      var message = "invalid YAML: \(problem)"
      if let context = parser.context {
        let contextText = String(cString: context)
        let mark = location(of: parser.context_mark)
        message += " (\(contextText) that starts at line \(mark.line), column \(mark.column))"
        if contextText.contains("alias") { message += Self.quoteGlobHint }
      }
      return ManifestError(path: path, location: location(of: parser.problem_mark), message: message)
    }
  }

  /// YAML reads a leading `*` as an alias: the usual slip with globs.
  static let quoteGlobHint = "; a value starting with '*', such as a glob, must be quoted: \"**/*.swift\""

  static func location(of mark: yaml_mark_t) -> Location {
    Location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
  }

  /// Line and column (in characters) of a byte offset in UTF-8 text.
  static func location(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Location {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, offset)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
        column += 1
      }
    }
    return Location(line: line, column: column)
  }
}

/// Assembles nodes from parser events with an explicit stack.
private struct TreeBuilder {
  /// A list or mapping whose end event has not come yet.
  struct Frame {
    var isMapping: Bool
    var location: Location
    var items: [YAMLNode] = []
    var entries: [YAMLMappingEntry] = []
    var pendingKey: YAMLNode?
  }

  let path: String
  var stack: [Frame] = []
  var root: YAMLNode?
  var documents = 0
  var errors: [ManifestError] = []
  /// Set when reading must stop: end of stream, or an error that leaves no
  /// sensible way to go on.
  var finished = false

  init(path: String) { self.path = path }

  mutating func fail(_ error: ManifestError) {
    errors.append(error)
    finished = true
  }

  mutating func consume(_ event: yaml_event_t) {
    let location = YAMLReader.location(of: event.start_mark)
    switch event.type {
    case YAML_STREAM_END_EVENT:
      finished = true
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        fail(
          ManifestError(
            path: path, location: location,
            message: "a manifest holds a single YAML document, but a second one starts here"))
      }
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      check(anchor: scalar.anchor, tag: scalar.tag, at: location)
      let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
      add(.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, at: location))
    case YAML_SEQUENCE_START_EVENT:
      check(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: location)
      open(Frame(isMapping: false, location: location))
    case YAML_MAPPING_START_EVENT:
      check(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: location)
      open(Frame(isMapping: true, location: location))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = stack.popLast() else { return }
      let content: YAMLNode.Content = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
      add(YAMLNode(content: content, location: frame.location))
    case YAML_ALIAS_EVENT:
      errors.append(
        ManifestError(
          path: path, location: location,
          message: "YAML aliases (*name) are not supported in a manifest" + YAMLReader.quoteGlobHint))
      add(.scalar("", at: location))  // keeps the tree's shape so reading can go on
    default:
      break  // stream start, document end, none
    }
  }

  private mutating func check(
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at location: Location
  ) {
    if let anchor {
      errors.append(
        ManifestError(
          path: path, location: location,
          message: "YAML anchors (&\(String(cString: anchor))) are not supported in a manifest"))
    }
    if let tag {
      // libyaml expands `!!x` to `tag:yaml.org,2002:x`; show it as written.
      var text = String(cString: tag)
      if text.hasPrefix("tag:yaml.org,2002:") { text = "!!" + text.dropFirst("tag:yaml.org,2002:".count) }
      errors.append(
        ManifestError(
          path: path, location: location,
          message: "YAML tags (\(text)) are not supported in a manifest; quote the value instead"))
    }
  }

  private mutating func open(_ frame: Frame) {
    if stack.count >= YAMLReader.maximumDepth {
      fail(
        ManifestError(
          path: path, location: frame.location,
          message: "lists and mappings are nested more than \(YAMLReader.maximumDepth) levels deep"))
      return
    }
    stack.append(frame)
  }

  private mutating func add(_ node: YAMLNode) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let top = stack.count - 1
    if !stack[top].isMapping {
      stack[top].items.append(node)
    } else if let key = stack[top].pendingKey {
      stack[top].entries.append(YAMLMappingEntry(key: key, value: node))
      stack[top].pendingKey = nil
    } else {
      stack[top].pendingKey = node
    }
  }
}
