import ImplicitsInterface

/// Why a function of a module's interface requires a key: the steps of one
/// call chain down to the read, as diagnostic notes, and the upstream
/// function the chain continues in when it leaves the module.
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

  /// The function's `qualifiedSignature`, as its interface record gives it.
  public var function: String
  public var key: ImplicitKeyRef
  public var steps: [Diagnostic.Note]
  public var continuesIn: Link?
}
