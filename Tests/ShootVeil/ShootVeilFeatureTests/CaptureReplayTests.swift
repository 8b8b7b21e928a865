import Foundation
import GeoKit
import IdentifyKit
import LociTestSupport
import ShootVeilFeature
import Testing

/// Recorded capture sequences replayed through the viewfinder model, the real identify service,
/// the West Village footprints and the Irvine ADS-B snapshot. Every expectation in a fixture
/// comes from the fixture's own geometry (`Fixtures/make-captures.py`), not from the engine.
@Suite("Recorded captures through the viewfinder")
@MainActor
struct CaptureReplayTests {
    nonisolated static let buildingCaptures = ["aimed-at-building", "zoomed-tap-off-centre", "bad-compass"]

    @Test(
        "a capture over the West Village identifies the building its geometry aims at, or says why not",
        .enabled(if: WestVillage.available, "needs the shared West Village extract"),
        arguments: buildingCaptures)
    func buildings(_ name: String) async throws {
        let fixture = try CaptureFixture.load(name)
        let store = try #require(WestVillage.store, "the West Village extract did not import")
        try await replay(fixture, phone: Phone(places: store, format: fixture.cameraFormat()))
    }

    @Test(
        "a capture in Irvine identifies the aircraft its ECEF geometry aims at, moved to the capture time",
        .enabled(if: SharedData.has("adsb/readsb-aircraft-irvine.json"), "needs the shared ADS-B snapshot"))
    func aircraft() async throws {
        let fixture = try CaptureFixture.load("aimed-at-aircraft")
        let feed = try #require(fixture.aircraftFeed)
        let snapshot = try AircraftFeed.read(Data(contentsOf: SharedData.url(feed)))
        try await replay(fixture, phone: Phone(aircraft: snapshot, format: fixture.cameraFormat()))
    }

    func replay(_ fixture: CaptureFixture, phone: Phone) async throws {
        let free = try phone.quota.remaining(at: phone.clock.date)
        var counted = 0
        for event in fixture.events {
            phone.clock.set(event.time)
            if let input = try fixture.input(event) { phone.model.apply(input) }
            guard let tap = event.tap, let expect = event.expect else { continue }
            await phone.model.tap(at: tap)
            switch expect.outcome {
            case "blocked":
                #expect(phone.model.state.calibration != nil, "\(fixture.name): no calibration prompt")
                #expect(phone.model.state.calibration?.accuracy == expect.accuracy)
                #expect(
                    phone.model.phase == .notPossible(marker: tap, .compassNeedsCalibration(accuracy: expect.accuracy)),
                    "\(fixture.name): \(phone.model.phase)")
                #expect(try phone.quota.remaining(at: phone.clock.date) == free - counted, "a blocked tap counted")
            case "identified":
                counted += 1
                try await identified(fixture, phone: phone, expect: expect)
                #expect(try phone.quota.remaining(at: phone.clock.date) == free - counted)
            default:
                Issue.record("unknown outcome \(expect.outcome)")
            }
        }
    }

    func identified(_ fixture: CaptureFixture, phone: Phone, expect: CaptureFixture.Expect) async throws {
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(fixture.name): \(phone.model.phase)")
            return
        }
        #expect(phone.model.state.calibration == nil)
        let azimuth = try #require(expect.azimuth)
        let elevation = try #require(expect.elevation)
        #expect(abs(ViewingDirection.azimuthDifference(from: azimuth, to: result.direction.azimuth)) < 1e-4)
        #expect(abs(result.direction.elevation - elevation) < 1e-4)
        let best = try #require(result.candidates.first, "\(fixture.name): nothing found")
        #expect(best.id == expect.id, "\(fixture.name): \(result.candidates.map(\.id))")
        #expect(phone.model.identifiedCount >= 1, "a result with candidates is the success haptic's trigger")
        #expect(result.freeRemaining == (try phone.quota.remaining(at: phone.clock.date)))
        if let slant = expect.slant {
            #expect(best.kind == .aircraft)
            #expect(best.details.flight?.icao24 == expect.id)
            #expect(abs(best.distance - slant) < 50, "slant \(best.distance) vs \(slant)")
            #expect(best.details.mapsTarget == nil)
            #expect(await phone.model.openInMaps(best) == false)
            return
        }
        #expect(best.kind == .building || best.kind == .landmark)
        #expect(abs((best.details.height ?? 0) - (expect.height ?? -1)) < 0.05)
        #expect(abs(best.distance - (expect.entry ?? 0)) < 0.5, "entry \(best.distance) vs \(expect.entry ?? 0)")
        #expect(await phone.model.openInMaps(best))
        let opened = try #require(phone.maps.places.last)
        let target = Coordinate(uncheckedLatitude: expect.mapsLatitude ?? 0, longitude: expect.mapsLongitude ?? 0)
        #expect(Haversine.distance(opened.coordinate, target) < 2)
        #expect(opened.name == best.title)
    }
}
