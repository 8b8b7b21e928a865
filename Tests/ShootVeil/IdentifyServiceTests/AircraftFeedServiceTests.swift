import Foundation
import GeoKit
import IdentifyKit
import Testing

@testable import IdentifyService

/// A feed that answers with a fixed snapshot, or fails, and counts the areas it was asked about.
struct FixedFeed: AircraftFeedSource {
    let name = "fixed"
    var snapshot: AircraftSnapshot?

    func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        guard let snapshot else { throw AircraftFeedSourceError(feed: name, .timedOut(seconds: 4)) }
        return snapshot
    }
}

@Suite("The identification service's aircraft feed")
struct AircraftFeedServiceTests {
    let now = Date(timeIntervalSince1970: 1_760_000_000)

    /// An aircraft 10 km north of the tower's camera, 20° up (where the centre tap points), at `time`.
    static func overhead(time: Double) throws -> AircraftSnapshot {
        let position = try Spherical.destination(from: Tower.origin, bearing: 0, distance: 10_000)
        let state = AircraftState(
            icao24: "a1b2c3", callsign: "TEST1", coordinate: position,
            geometricAltitude: 10_000 * tan(20 * Double.pi / 180) + 8, positionTime: time)
        return AircraftSnapshot(time: time, aircraft: [state])
    }

    @Test("a request without a snapshot gets the feed's aircraft, and the answer says they came from the feed")
    func fromTheFeed() async throws {
        let service = IdentificationService(places: nil, aircraftFeed: FixedFeed(snapshot: try Self.overhead(time: 500)))
        let identification = try await service.identifyAndEnrich(Tower.centre(try Tower.capture()), now: now)
        #expect(identification.aircraft == AircraftSourceReport(source: .feed, feed: "fixed", count: 1))
        #expect(identification.candidates.first?.id == "a1b2c3")
    }

    @Test("a failing feed is a note, not an error: buildings are still answered")
    func failingFeed() async throws {
        let service = IdentificationService(places: try Tower.store(), aircraftFeed: FixedFeed(snapshot: nil))
        let identification = try await service.identifyAndEnrich(Tower.centre(try Tower.capture()), now: now)
        #expect(identification.aircraft.source == .failed)
        #expect(identification.aircraft.note == "the aircraft feed failed (fixed: no answer in 4 s): aircraft left out")
        #expect(identification.candidates.first?.id == "osm:way/7")
    }

    @Test("a snapshot far from the capture time is not used: a live feed cannot place aircraft at another moment")
    func skew() async throws {
        let service = IdentificationService(places: nil, aircraftFeed: FixedFeed(snapshot: try Self.overhead(time: 500)))
        let late = Tower.centre(try Tower.capture(time: Date(timeIntervalSince1970: 500 + 121)))
        let identification = try await service.identifyAndEnrich(late, now: now)
        #expect(identification.aircraft.source == .failed)
        #expect(identification.aircraft.note?.contains("121 s from the capture time") == true)
        #expect(identification.candidates.isEmpty)
        let close = Tower.centre(try Tower.capture(time: Date(timeIntervalSince1970: 500 + 119)))
        #expect(try await service.identifyAndEnrich(close, now: now).aircraft.source == .feed)
    }

    @Test("the request's own snapshot wins over the feed; without either the answer says none")
    func precedence() async throws {
        let given = try Self.overhead(time: 500)
        let withFeed = IdentificationService(places: nil, aircraftFeed: FixedFeed(snapshot: nil))
        let request = Tower.centre(try Tower.capture(), aircraft: given)
        #expect(try await withFeed.identifyAndEnrich(request, now: now).aircraft.source == .request)
        let none = try await IdentificationService(places: nil).identifyAndEnrich(
            Tower.centre(try Tower.capture()), now: now)
        #expect(none.aircraft == .noFeed)
        // The synchronous call never asks the feed, and says so.
        let sync = try withFeed.identify(Tower.centre(try Tower.capture()), now: now)
        #expect(sync.aircraft.source == .none && sync.aircraft.feed == "fixed")
    }
}
