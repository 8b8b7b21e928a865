import Foundation
import GeoKit
import IdentifyKit
import LociLocalization

/// One row of the candidates sheet, and its details: what the engine said, in the units and
/// words a person reads.
public struct CandidateCard: Sendable, Hashable, Identifiable {
    /// The candidate's id (`osm:way/…`, an ICAO address).
    public var id: String
    /// Building, landmark or aircraft.
    public var kind: IdentificationCandidate.Kind
    /// The name, else a description of the kind ("Building", "Aircraft N123").
    public var title: String
    /// 0…1.
    public var confidence: Double
    /// Metres: where the tap ray enters the footprint, or the slant range to the aircraft.
    public var distance: Double
    /// Degrees clockwise from true north.
    public var azimuth: Double
    /// Degrees above the horizon.
    public var elevation: Double
    /// The engine's one-sentence reason.
    public var reason: String
    /// The details sheet.
    public var details: CandidateDetails
}

/// What the details sheet shows for a candidate.
public struct CandidateDetails: Sendable, Hashable {
    /// Height in metres and where it came from (`heightTag`, `levels`, `unknown`).
    public var height: Double?
    /// Where the height came from.
    public var heightSource: String?
    /// Storeys.
    public var levels: Int?
    /// Year built.
    public var year: Int?
    /// The building's type (`church`, `apartments`) or the aircraft's type designator.
    public var type: String?
    /// Wikidata id (`Q…`).
    public var wikidataID: String?
    /// Its Wikidata page.
    public var wikidataURL: URL?
    /// The flight, for an aircraft.
    public var flight: FlightFacts?
    /// Where Maps should go (buildings and landmarks; `nil` for aircraft).
    public var mapsTarget: MapsHandOff?
}

/// What is known of an aircraft's flight: from its ADS-B broadcast, its nearest airport and,
/// when looked up, FlightAware.
public struct FlightFacts: Sendable, Hashable {
    /// ICAO 24-bit address.
    public var icao24: String
    /// Callsign.
    public var callsign: String?
    /// Registration.
    public var registration: String?
    /// Altitude in metres (geometric, else barometric).
    public var altitude: Double?
    /// Ground speed in m/s.
    public var groundSpeed: Double?
    /// The nearest airport ("KJFK John F Kennedy International Airport").
    public var nearestAirport: String?
    /// Origin and destination from the flight lookup.
    public var origin: String?
    /// Destination from the flight lookup.
    public var destination: String?
}

extension CandidateCard {
    /// The card for an engine candidate seen from `observer`, its title in `language` when the
    /// candidate has no name. The Maps target lies along the candidate's azimuth at its distance
    /// (the footprint the tap ray entered).
    public init(_ candidate: IdentificationCandidate, observer: Coordinate, in language: AppLanguage = .current) {
        let t = Localizer(.shootVeil, language)
        let d = candidate.details
        var details = CandidateDetails(
            height: d["height_m"].flatMap(Double.init), heightSource: d["height_source"],
            levels: d["levels"].flatMap(Int.init), year: d["year"].flatMap(Int.init),
            type: d["aeroapi_type"] ?? d["type"], wikidataID: d["wikidata"],
            wikidataURL: d["wikidata_url"].flatMap(URL.init(string:)))
        let title: String
        switch candidate.kind {
        case .aircraft:
            details.flight = FlightFacts(
                icao24: d["icao24"] ?? candidate.id, callsign: d["callsign"],
                registration: d["aeroapi_registration"] ?? d["registration"],
                altitude: d["altitude_m"].flatMap(Double.init), groundSpeed: d["ground_speed_mps"].flatMap(Double.init),
                nearestAirport: d["nearest_airport"], origin: d["aeroapi_origin"], destination: d["aeroapi_destination"])
            title = candidate.name ?? t("Aircraft %@", candidate.id)
        case .building, .landmark:
            title = candidate.name ?? details.type.map { t("Building (%@)", $0) } ?? t("Building")
            // A distance or bearing the engine made is finite; should one not be, there is simply
            // no Maps button (the person still reads the candidate).
            if let target = try? Spherical.destination(
                from: observer, bearing: candidate.azimuth, distance: candidate.distance)
            {
                details.mapsTarget = MapsHandOff(name: title, coordinate: target)
            }
        }
        self.init(
            id: candidate.id, kind: candidate.kind, title: title, confidence: candidate.confidence,
            distance: candidate.distance, azimuth: candidate.azimuth, elevation: candidate.elevation,
            reason: candidate.reason, details: details)
    }
}
