import Foundation
import GeoKit
import IdentifyKit
import PlaceKit
import PlaceStore
import Testing

@testable import IdentifyService

/// A 150 m tower 100–140 m north of a camera in the West Village, in a real place store, with
/// a named attraction (Wikidata Q1) inside its footprint; the camera looks north, 20° up.
enum Tower {
    static let origin = Coordinate(uncheckedLatitude: 40.73, longitude: -74.0)
    static let metresPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * 40.73 * .pi / 180)
    static let metresPerDegreeLongitude = 111_412.84 * cos(40.73 * .pi / 180)

    static func at(x: Double, y: Double) -> Coordinate {
        Coordinate(
            uncheckedLatitude: origin.latitude + y / metresPerDegreeLatitude,
            longitude: origin.longitude + x / metresPerDegreeLongitude)
    }

    static func store() throws -> SQLitePlaceStore {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "identify-\(UUID().uuidString).sqlite"
        ).path
        let writer = try PlaceStoreWriter(path: path)
        let ring = [(-20.0, 100.0), (20, 100), (20, 140), (-20, 140)].map { at(x: $0.0, y: $0.1) }
        let tower = try #require(
            Building(id: PlaceID(osm: .way, id: 7), footprint: ring, height: 150, heightSource: .heightTag))
        try writer.insert(buildings: [tower])
        try writer.insert([
            Place(
                id: PlaceID(osm: .node, id: 1), name: "Test Tower", category: "attraction",
                coordinate: at(x: 5, y: 120),
                wikidataID: "Q1", tags: ["tourism": "attraction"])
        ])
        try writer.finish()
        return try SQLitePlaceStore(path: path)
    }

    static func capture(pitch: Double = 20, time: Date? = nil) throws -> CaptureMetadata {
        try CaptureMetadata(
            time: time, coordinate: origin, ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 0, pitch: pitch),
            headingAccuracy: 3, intrinsics: CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024))
    }

    static func centre(_ capture: CaptureMetadata, aircraft: AircraftSnapshot? = nil) -> IdentifyRequest {
        IdentifyRequest(capture: capture, tapX: 2016, tapY: 1512, aircraft: aircraft)
    }
}

/// A flight lookup that answers from a table, or fails.
struct TableFlights: FlightLookup {
    struct Down: Error, CustomStringConvertible {
        var description: String { "flights: service down" }
    }
    var flights: [String: FlightDetails] = [:]
    var fails = false

    func flight(ident: String) async throws -> FlightDetails? {
        if fails { throw Down() }
        return flights[ident]
    }
}

@Suite("One identification service for the CLI and the server")
struct IdentificationServiceTests {
    let now = Date(timeIntervalSince1970: 1_760_000_000)

    @Test(
        "the server's sources name the tower from its footprint; the CLI's also attach the store's landmark")
    func landmarksFromPlaces() throws {
        let store = try Tower.store()
        let request = Tower.centre(try Tower.capture())
        let plain = try IdentificationService(places: store).identify(request, now: now)
        let building = try #require(plain.candidates.first)
        #expect(building.kind == .building && building.id == "osm:way/7")
        #expect(building.details["wikidata"] == nil)
        let withLandmarks = try IdentificationService(places: store, landmarksFromPlaces: true).identify(
            request, now: now)
        #expect(withLandmarks.candidates.first?.details["wikidata"] == "Q1")
        #expect(abs(plain.direction.azimuth) < 0.01 && abs(plain.direction.elevation - 20) < 0.01)
    }

    @Test("the quota counts only identifications that were made, and refuses past the limit")
    func quota() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quota-\(UUID().uuidString).json"
        ).path
        let quota = FileIdentificationQuota(
            path: file, monthlyLimit: 1, timeZone: TimeZone(identifier: "UTC")!)
        let service = IdentificationService(places: try Tower.store(), quota: quota)
        let outside = IdentifyRequest(capture: try Tower.capture(), tapX: 5_000, tapY: 10)
        #expect(throws: IdentifyServiceError.self) { try service.identify(outside, now: now) }
        #expect(try quota.remaining(at: now) == 1)
        let centre = Tower.centre(try Tower.capture())
        #expect(try service.identify(centre, now: now).quotaRemaining == 0)
        do {
            _ = try service.identify(centre, now: now)
            Issue.record("a second identification was allowed")
        } catch {
            guard case .quotaReached(let limit, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(limit == 1)
        }
    }

    /// An aircraft 5 km north at 1,000 m, straight along the optical axis of a camera pitched to it.
    func aircraftRequest() throws -> IdentifyRequest {
        let capture = try Tower.capture(pitch: atan2(1_000, 5_000) * 180 / .pi, time: now)
        let state = AircraftState(
            icao24: "abc123", callsign: "DAL1812", coordinate: Tower.at(x: 0, y: 5_000),
            geometricAltitude: 1_000,
            positionTime: now.timeIntervalSince1970)
        return Tower.centre(
            capture, aircraft: AircraftSnapshot(time: now.timeIntervalSince1970, aircraft: [state]))
    }

    @Test("the flight lookup adds what it knows to the best aircraft")
    func enriches() async throws {
        let flights = TableFlights(flights: [
            "DAL1812": FlightDetails(ident: "DAL1812", aircraftType: "B739", origin: "KATL")
        ])
        let result = try await IdentificationService(places: nil, flights: flights).identifyAndEnrich(
            try aircraftRequest(), now: now)
        let aircraft = try #require(result.candidates.first { $0.kind == .aircraft })
        #expect(aircraft.details["aeroapi_type"] == "B739")
        #expect(aircraft.details["aeroapi_origin"] == "KATL")
        #expect(aircraft.details["aeroapi_destination"] == nil)
        #expect(result.enrichmentFailure == nil)
    }

    @Test("a failed flight lookup leaves the offline answer and says why")
    func enrichmentFails() async throws {
        let service = IdentificationService(places: nil, flights: TableFlights(fails: true))
        let offline = try IdentificationService(places: nil).identify(try aircraftRequest(), now: now)
        let result = try await service.identifyAndEnrich(try aircraftRequest(), now: now)
        #expect(result.enrichmentFailure == "flights: service down")
        #expect(result.candidates == offline.candidates)
        #expect(result.candidates.contains { $0.kind == .aircraft })
    }
}
