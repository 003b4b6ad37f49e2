import ImplicitsInterface

/// A function of an upstream interface as an analysis keeps it: its record
/// without the requirement list, and that list as numbers of the
/// analysis's `KeyTable`.
///
/// Requirement lists are what a module holds most of when it calls into
/// many others: each lists every key the callee needs, its dependencies'
/// included. A module that calls the entries of a thousand modules holds
/// hundreds of thousands of requirements; as numbers they take 2 bytes
/// each (4 once the table holds more than 65,536 keys) instead of 24.
struct UpstreamFunction {
  /// The record, with an empty requirement list.
  let decl: FunctionDecl
  let module: String
  /// What a call must have provided, in the record's order.
  let requirements: KeyNumbers

  init(_ record: FunctionDecl, module: String, keys: KeyTable) {
    var decl = record
    requirements = KeyNumbers(decl.requirements.map(keys.number))
    decl.requirements = []
    self.decl = decl
    self.module = module
  }
}

/// A list of `KeyTable` numbers, in 16 bits each while they all fit.
struct KeyNumbers: RandomAccessCollection {
  private enum Storage {
    case narrow([UInt16])
    case wide([KeyTable.Number])
  }

  private let storage: Storage

  init(_ numbers: [KeyTable.Number]) {
    storage =
      numbers.allSatisfy { $0 <= KeyTable.Number(UInt16.max) }
      ? .narrow(numbers.map { UInt16(truncatingIfNeeded: $0) }) : .wide(numbers)
  }

  var startIndex: Int { 0 }
  var endIndex: Int {
    switch storage {
    case .narrow(let numbers): numbers.count
    case .wide(let numbers): numbers.count
    }
  }

  subscript(position: Int) -> KeyTable.Number {
    switch storage {
    case .narrow(let numbers): KeyTable.Number(numbers[position])
    case .wide(let numbers): numbers[position]
    }
  }
}

/// The keys of one analysis's upstream requirement lists, each held once
/// and named by a number.
final class KeyTable {
  typealias Number = UInt32

  private var keys: [ImplicitKeyRef] = []
  private var numbers: [ImplicitKeyRef: Number] = [:]

  /// The key's number, given on first sight.
  func number(_ key: ImplicitKeyRef) -> Number {
    if let number = numbers[key] { return number }
    let number = Number(keys.count)
    keys.append(key)
    numbers[key] = number
    return number
  }

  subscript(number: Number) -> ImplicitKeyRef { keys[Int(number)] }
}
