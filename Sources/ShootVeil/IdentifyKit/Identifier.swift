import Foundation
import GeoKit

/// ShootVeil's one entry point: what is at this tap of this photo?
public struct Identifier: Sendable {
    /// Where buildings come from (`nil`: aircraft only).
    public var buildings: (any BuildingSource & Sendable)?
    /// Landmarks to attach to footprints (`nil`: none).
    public var landmarks: LandmarkCatalog?
    /// Airports for context: each aircraft candidate names the nearest one (`nil`: none).
    public var airports: [Airport]?
    /// Tuning.
    public var options: IdentifyOptions

    /// An identifier over these sources.
    public init(
        buildings: (any BuildingSource & Sendable)?, landmarks: LandmarkCatalog? = nil,
        airports: [Airport]? = nil,
        options: IdentifyOptions = IdentifyOptions()
    ) {
        self.buildings = buildings
        self.landmarks = landmarks
        self.airports = airports
        self.options = options
    }

    /// Ranked candidates for the tap at pixel (`x`, `y`) of `capture`'s image, buildings and
    /// landmarks by Monte-Carlo hit share, aircraft sharing what went to the sky.
    ///
    /// - Throws: ``IdentifyError`` for a tap outside the image or a failing building source.
    public func identify(
        _ capture: CaptureMetadata, tapX x: Double, y: Double, aircraft: AircraftSnapshot? = nil
    ) throws(IdentifyError) -> [IdentificationCandidate] {
        let tap = try capture.direction(tapX: x, y: y)
        var candidates: [IdentificationCandidate] = []
        var skyShare = 1.0
        if let buildings {
            let result = try BuildingIdentifier.identify(
                capture: capture, tap: tap, buildings: buildings, landmarks: landmarks, options: options)
            candidates = result.candidates
            skyShare = result.skyShare
        }
        if let aircraft {
            let matches = AircraftMatcher.matches(aircraft, capture: capture, tap: tap, options: options)
            var found = AircraftMatcher.candidates(
                matches, skyShare: skyShare, limit: options.maximumCandidates)
            if let airports, !airports.isEmpty {
                for (index, match) in matches.prefix(found.count).enumerated() {
                    guard
                        let (airport, distance) = Airport.nearest(1, to: match.state.coordinate, in: airports)
                            .first
                    else { continue }
                    found[index].details["nearest_airport"] = "\(airport.icao) \(airport.name)"
                    found[index].details["nearest_airport_km"] = String(format: "%.0f", distance / 1_000)
                }
            }
            candidates += found
        }
        candidates.sort {
            $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.distance < $1.distance
        }
        return Array(candidates.prefix(options.maximumCandidates))
    }
}
