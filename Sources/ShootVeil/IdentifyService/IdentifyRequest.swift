import IdentifyKit

/// One tap to identify: the capture, the tap in pixels from the image's top-left corner, and
/// (optionally) the aircraft around at that moment.
public struct IdentifyRequest: Sendable {
    /// The camera: position, attitude, intrinsics and time.
    public var capture: CaptureMetadata
    /// The tap's x in pixels.
    public var tapX: Double
    /// The tap's y in pixels.
    public var tapY: Double
    /// Aircraft positions near the capture time, if any.
    public var aircraft: AircraftSnapshot?

    /// Creates a request.
    public init(capture: CaptureMetadata, tapX: Double, tapY: Double, aircraft: AircraftSnapshot? = nil) {
        self.capture = capture
        self.tapX = tapX
        self.tapY = tapY
        self.aircraft = aircraft
    }
}

/// What an identification found.
public struct Identification: Sendable {
    /// The tap's direction (azimuth and elevation, degrees).
    public var direction: ViewingDirection
    /// Ranked candidates, best first.
    public var candidates: [IdentificationCandidate]
    /// Identifications left this month after this one, when a quota counts them.
    public var quotaRemaining: Int?
    /// Why the flight lookup failed, when it did (the offline answer stands).
    public var enrichmentFailure: String?
    /// Where the aircraft came from, or why there were none.
    public var aircraft = AircraftSourceReport.noFeed
}
