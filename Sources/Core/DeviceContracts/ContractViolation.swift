/// One way an implementation of a device protocol broke its contract: which rule, and what was
/// seen. The contract suites (`WrappedKitContracts`, `ProximityKitContracts`,
/// `IdentifyKitContracts`) return these instead of asserting, so the same checks run under Swift
/// Testing against the fakes here and under XCTest or Swift Testing against the live adapters on
/// a Mac.
public struct ContractViolation: Sendable, Equatable, CustomStringConvertible {
    /// The rule, as the protocol's documentation states it.
    public var rule: String
    /// What the implementation did instead.
    public var observed: String

    /// Creates a violation.
    public init(rule: String, observed: String) {
        self.rule = rule
        self.observed = observed
    }

    public var description: String { "\(rule): \(observed)" }
}
