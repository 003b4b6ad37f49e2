/// Turns an `Encodable` value into a `JSONText`, so that records the tool
/// writes through `Codable` (module states, build reports) are rendered by
/// the same code as every other JSON it writes. `nil` optionals are left
/// out, as `JSONEncoder` leaves them out; non-finite numbers become `null`.
extension JSONText {
  public init(encoding value: some Encodable) throws {
    let node = Node()
    try value.encode(to: NodeEncoder(node: node, codingPath: []))
    self = node.resolved
  }
}

/// A value under construction: containers hand out child nodes that their
/// encoders fill in later.
private final class Node {
  enum Content {
    case empty
    case value(JSONText)
    case object([String: Node])
    case array([Node])
  }

  var content = Content.empty

  var resolved: JSONText {
    switch content {
    case .empty: .object([:])
    case .value(let value): value
    case .object(let members): .object(members.mapValues(\.resolved))
    case .array(let elements): .array(elements.map(\.resolved))
    }
  }

  // Each takes its storage out of `content` before changing it, so that
  // it is changed in place rather than copied (arrays of a thousand
  // elements were copied at every append).
  func child(_ key: String) -> Node {
    var members: [String: Node] = [:]
    if case .object(let existing) = content {
      members = existing
      content = .empty
    }
    let node = members[key] ?? Node()
    members[key] = node
    content = .object(members)
    return node
  }

  func appended() -> Node {
    var elements: [Node] = []
    if case .array(let existing) = content {
      elements = existing
      content = .empty
    }
    let node = Node()
    elements.append(node)
    content = .array(elements)
    return node
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}

private struct NodeEncoder: Encoder {
  let node: Node
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.content {} else { node.content = .object([:]) }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.content {} else { node.content = .array([]) }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(node: node, codingPath: codingPath)
  }
}

/// The scalar cases every container shares.
private func scalar(_ value: some Encodable) -> JSONText? {
  switch value {
  case let value as Bool: .bool(value)
  case let value as String: .string(value)
  case let value as Double: .double(value)
  case let value as Float: .double(Double(value))
  case let value as any BinaryInteger: Int(exactly: value).map(JSONText.int) ?? .double(Double(value))
  default: nil
  }
}

private func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
  if let scalar = scalar(value) {
    node.content = .value(scalar)
  } else {
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  var codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).content = .value(.null) }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try ImplicitsInterface.encode(value, into: node.child(key.stringValue), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.child("super"), codingPath: codingPath) }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { String(intValue ?? 0) }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]
  var count: Int { node.count }

  mutating func encodeNil() throws { node.appended().content = .value(.null) }

  mutating func encode(_ value: some Encodable) throws {
    let path = codingPath + [IndexKey(count)]
    try ImplicitsInterface.encode(value, into: node.appended(), codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.appended(), codingPath: codingPath + [IndexKey(count)]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.appended(), codingPath: codingPath + [IndexKey(count)]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.content = .value(.null) }

  mutating func encode(_ value: some Encodable) throws {
    try ImplicitsInterface.encode(value, into: node, codingPath: codingPath)
  }
}
