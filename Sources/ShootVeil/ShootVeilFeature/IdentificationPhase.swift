import IdentifyKit

/// What the viewfinder shows after a tap.
public enum IdentificationPhase: Sendable, Hashable {
    /// Nothing tapped (or the sheet was dismissed).
    case idle
    /// Working on the tap at this preview point.
    case identifying(marker: PlanePoint)
    /// The candidates for the tap.
    case results(IdentificationResult)
    /// The tap could not identify, and why (the marker stays where the user tapped).
    case notPossible(marker: PlanePoint, ViewfinderBlocker)
    /// The month's free identifications are used up: the paywall is shown, nothing was counted.
    case paywall
    /// The identification failed (bad input, a damaged quota file, a failing store).
    case failed(marker: PlanePoint, reason: String)
}

/// The candidates sheet's content.
public struct IdentificationResult: Sendable, Hashable {
    /// Where the user tapped, in preview points.
    public var marker: PlanePoint
    /// The tap's direction: azimuth and elevation, degrees.
    public var direction: ViewingDirection
    /// Ranked candidates, best first (empty: nothing found there).
    public var candidates: [CandidateCard]
    /// Free identifications left this month after this one (`nil`: unlimited).
    public var freeRemaining: Int?
    /// Why the flight lookup failed, when it did (the offline answer stands).
    public var enrichmentFailure: String?
    /// Where the aircraft came from: the server's `aircraft.source`, or why it was not reached.
    public var aircraft = AircraftStatus.notAsked
}
