import ImplicitsInterface

/// A function of an upstream interface as an analysis keeps it: its record
/// without the requirement list, and that list as numbers of the
/// analysis's `KeyTable`.
///
/// Requirement lists are what a module holds most of when it calls into
/// many others: each lists every key the callee needs, its dependencies'
/// included. A module that calls the entries of a thousand modules holds
/// hundreds of thousands of requirements; as numbers they take 4 bytes
/// each instead of 24.
struct UpstreamFunction {
  /// The record, with an empty requirement list.
  let decl: FunctionDecl
  let module: String
  /// What a call must have provided, in the record's order.
  let requirements: [KeyTable.Number]

  init(_ record: FunctionDecl, module: String, keys: KeyTable) {
    var decl = record
    requirements = decl.requirements.map(keys.number)
    decl.requirements = []
    self.decl = decl
    self.module = module
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
