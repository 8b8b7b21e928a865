import IdentifyKit

/// The aircraft one identification searches, and where they came from (said in the answer).
public struct AircraftLookup: Sendable {
    /// The snapshot to match, nil when aircraft are left out.
    public var snapshot: AircraftSnapshot?
    /// Where it came from, or why there is none.
    public var report: AircraftSourceReport

    /// A lookup from its parts.
    public init(snapshot: AircraftSnapshot?, report: AircraftSourceReport) {
        self.snapshot = snapshot
        self.report = report
    }
}
