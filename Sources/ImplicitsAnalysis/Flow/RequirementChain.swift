import ImplicitsInterface

/// Why a function of a module's interface requires keys: the steps of one
/// call chain down to the read, and the upstream function the chain
/// continues in when it leaves the module. Keys whose chains take the same
/// steps share one record (a function that calls an upstream entry
/// requiring fifty keys has one chain, not fifty): steps name their key
/// only when rendered.
///
/// Chains are kept beside the interface (in the build's module state), not
/// in it: they name lines, and an interface that changed with every moved
/// line would make every dependent module analyze again.
public struct RequirementChain: Codable, Hashable, Sendable {
  public struct Link: Codable, Hashable, Sendable {
    public var module: String
    /// The function's `qualifiedSignature` in that module's interface.
    public var function: String
  }

  /// A key, and its name as diagnostics show it.
  public struct Key: Codable, Hashable, Sendable {
    public var key: ImplicitKeyRef
    public var name: String
  }

  /// The function's `qualifiedSignature`, as its interface record gives it.
  public var function: String
  public var keys: [Key]
  public var steps: [ChainStep]
  public var continuesIn: Link?

  /// The steps as notes for `key`, named `name`.
  public func notes(name: String) -> [Diagnostic.Note] { ChainStep.notes(steps, keyName: name) }
}

/// One step of a call chain, without the key it leads to.
public struct ChainStep: Codable, Hashable, Sendable {
  public enum Kind: String, Codable, Sendable {
    /// A read of the key in `unit` (`detail`: what reads it, or empty).
    case read
    /// A call of `subject`, which requires the key.
    case call
    /// A call of `subject` of the upstream module `detail`.
    case upstreamCall
    /// A bag captured here needs the key.
    case capture
    /// The key is listed in the bag captured here.
    case listed
  }

  public var location: SourceLocation
  public var kind: Kind
  public var subject: String = ""
  public var detail: String = ""

  /// `steps` as diagnostic notes, `name` being the key as shown.
  static func notes(_ steps: [ChainStep], keyName name: String) -> [Diagnostic.Note] {
    steps.map { Diagnostic.Note(location: $0.location, message: $0.message(keyName: name)) }
  }

  /// The step's note, `name` being the key as shown (`'Clock'`).
  public func message(keyName name: String) -> String {
    switch kind {
    case .read:
      detail.isEmpty
        ? "\(name) is required here by '\(subject)'"
        : detail.hasSuffix(" of '\(subject)'")
          ? "\(name) is required here by \(detail)" : "\(name) is required here by \(detail) in '\(subject)'"
    case .call: "'\(subject)' requires \(name), called here"
    case .upstreamCall: "'\(subject)' of module '\(detail)' requires \(name), called here"
    case .capture: "the bag captured here needs \(name)"
    case .listed: "\(name) is listed in the bag captured here"
    }
  }
}
