/// One answer to "what is at this tap": ranked by ``confidence``, with the reason it was chosen.
public struct IdentificationCandidate: Sendable, Hashable, Codable {
    /// What kind of thing it is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A building footprint with no landmark attached.
        case building
        /// A building matched to a named landmark (OSM or Wikidata).
        case landmark
        /// An aircraft from the ADS-B snapshot.
        case aircraft
    }

    /// What kind of thing it is.
    public var kind: Kind
    /// Stable id (`osm:way/…`, an ICAO 24-bit hex address).
    public var id: String
    /// Display name (landmark or building name, callsign), if any.
    public var name: String?
    /// Probability in 0…1 that this is what the tap pointed at (Monte-Carlo hit share for
    /// buildings; the sky's share split by angular likelihood for aircraft).
    public var confidence: Double
    /// Horizontal distance in metres (to where the tap ray enters the footprint; to the aircraft's
    /// extrapolated position, slant range for aircraft).
    public var distance: Double
    /// Azimuth of the thing from the observer, degrees.
    public var azimuth: Double
    /// Elevation of the thing above the horizon, degrees.
    public var elevation: Double
    /// Why it was chosen, in one sentence.
    public var reason: String
    /// Details for the sheet: height and its source, levels, wikidata, callsign, altitude…
    public var details: [String: String]

    /// A candidate from its parts.
    public init(
        kind: Kind, id: String, name: String?, confidence: Double, distance: Double, azimuth: Double,
        elevation: Double,
        reason: String, details: [String: String] = [:]
    ) {
        self.kind = kind
        self.id = id
        self.name = name
        self.confidence = confidence
        self.distance = distance
        self.azimuth = azimuth
        self.elevation = elevation
        self.reason = reason
        self.details = details
    }
}
