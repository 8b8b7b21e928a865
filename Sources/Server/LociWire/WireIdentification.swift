import Foundation
import IdentifyKit

/// One identification candidate as every JSON surface writes it (`loci identify --json`,
/// `POST /v1/identify`): every member always written, `name` `null` when the thing has none.
public struct WireCandidate: Sendable, Equatable, Codable {
    /// `building`, `landmark` or `aircraft`.
    public var kind: String
    /// Stable id (`osm:way/…`, an ICAO 24-bit hex address).
    public var id: String
    /// Display name, nil when none is known.
    public var name: String?
    /// Probability in 0…1 that this is what the tap pointed at.
    public var confidence: Double
    /// Horizontal distance, metres (slant range for aircraft).
    public var distance: Double
    /// Degrees clockwise from true north.
    public var azimuth: Double
    /// Degrees above the horizon.
    public var elevation: Double
    /// Why it was chosen, in one sentence.
    public var reason: String
    /// Height, year, Wikidata id, callsign, altitude… by name.
    public var details: [String: String]

    /// The wire form of `candidate`.
    public init(_ candidate: IdentificationCandidate) {
        kind = candidate.kind.rawValue
        id = candidate.id
        name = candidate.name
        confidence = candidate.confidence
        distance = candidate.distance
        azimuth = candidate.azimuth
        elevation = candidate.elevation
        reason = candidate.reason
        details = candidate.details
    }

    private enum CodingKeys: String, CodingKey {
        case kind, id, name, confidence, distance, azimuth, elevation, reason, details
    }

    /// Writes every member (`name` as `null` when unknown).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(distance, forKey: .distance)
        try container.encode(azimuth, forKey: .azimuth)
        try container.encode(elevation, forKey: .elevation)
        try container.encode(reason, forKey: .reason)
        try container.encode(details, forKey: .details)
    }
}

/// What was identified at a tap: the tap's direction and the ranked candidates, with what each
/// surface adds (`capture` from the server; the buildings' source, the aircraft count and the
/// quota left from the CLI). Members that are nil are not written.
public struct WireIdentification: Sendable, Equatable, Codable {
    /// The capture the server read (position, heading, image size, time).
    public struct Capture: Sendable, Equatable, Codable {
        /// Latitude, degrees.
        public var lat: Double
        /// Longitude, degrees.
        public var lon: Double
        /// Camera heading, degrees from true north.
        public var heading: Double
        /// Image width, pixels.
        public var width: Int
        /// Image height, pixels.
        public var height: Int
        /// Capture time, ISO 8601, nil when unknown (written as `null`).
        public var time: String?

        /// The wire form of `capture`.
        public init(_ capture: CaptureMetadata) {
            lat = capture.position.coordinate.latitude
            lon = capture.position.coordinate.longitude
            heading = capture.attitude.heading
            width = capture.intrinsics.width
            height = capture.intrinsics.height
            time = capture.time.map { ISO8601DateFormatter().string(from: $0) }
        }

        private enum CodingKeys: String, CodingKey { case lat, lon, heading, width, height, time }

        /// Writes every member (`time` as `null` when unknown).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
            try container.encode(heading, forKey: .heading)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(time, forKey: .time)
        }
    }

    /// The capture, when the answer echoes it.
    public var capture: Capture?
    /// The tap's azimuth, degrees from true north.
    public var tapAzimuth: Double
    /// The tap's elevation above the horizon, degrees.
    public var tapElevation: Double
    /// The place database the buildings came from.
    public var buildingsSource: String?
    /// Aircraft in the snapshot searched.
    public var aircraftCount: Int?
    /// Free identifications left this month.
    public var quotaRemaining: Int?
    /// Where the aircraft came from, or why there were none.
    public var aircraft: WireAircraftSource?
    /// Ranked, most likely first.
    public var candidates: [WireCandidate]

    /// Creates an identification from its parts.
    public init(
        capture: Capture? = nil, direction: ViewingDirection, buildingsSource: String? = nil,
        aircraftCount: Int? = nil, quotaRemaining: Int? = nil, candidates: [IdentificationCandidate],
        aircraft: AircraftSourceReport? = nil
    ) {
        self.capture = capture
        tapAzimuth = direction.azimuth
        tapElevation = direction.elevation
        self.buildingsSource = buildingsSource
        self.aircraftCount = aircraftCount
        self.quotaRemaining = quotaRemaining
        self.aircraft = aircraft.map(WireAircraftSource.init)
        self.candidates = candidates.map(WireCandidate.init)
    }

    private enum CodingKeys: String, CodingKey {
        case capture, tapAzimuth = "tap_azimuth", tapElevation = "tap_elevation"
        case buildingsSource = "buildings_source", aircraftCount = "aircraft_count"
        case quotaRemaining = "quota_remaining", aircraft, candidates
    }
}
