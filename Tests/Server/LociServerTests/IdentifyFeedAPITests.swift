import AircraftFeeds
import Foundation
import GeoKit
import LociServer
import LociTestSupport
import Testing

/// `POST /v1/identify` with aircraft from a configured live feed: a local stub serving the
/// recorded Irvine `aircraft.json`.
@Suite("Identify API: live aircraft", .serialized)
struct IdentifyFeedAPITests {
    static let snapshotFile = "adsb/readsb-aircraft-irvine.json"
    /// An observer in Irvine, on the ellipsoid (no `altitude` sent).
    static let observer = (lat: 33.6846, lon: -117.8265)
    /// SWA1086 as the receiver recorded it (hex abe0df): lat, lon, alt_geom 25,675 ft.
    static let target = (hex: "abe0df", lat: 33.605804, lon: -117.640873, feet: 25_675.0)

    /// A stub receiver serving `body` at `/data/aircraft.json`.
    static func receiver(_ body: @escaping @Sendable () -> StubResponse) throws -> StubHTTPServer {
        try StubHTTPServer { request in
            request.path == "/data/aircraft.json" ? body() : StubResponse(status: 404)
        }
    }

    static func server(feed stub: StubHTTPServer) async throws -> TestServer {
        let url = stub.baseURL.appendingPathComponent("data/aircraft.json")
        return try await TestServer.start { $0.aircraftFeed = .readsb(url) }
    }

    /// Where the target appears from the observer, by GeoKit's ENU (not the identify engine).
    static func expectedDirection() throws -> ENU {
        let plane = LocalTangentPlane(
            origin: GeodeticPosition(try Coordinate(latitude: observer.lat, longitude: observer.lon), height: 0))
        return plane.enu(
            from: GeodeticPosition(
                try Coordinate(latitude: target.lat, longitude: target.lon), height: target.feet * 0.3048))
    }

    /// The image centre aimed at `azimuth`, `elevation`.
    static func capture(azimuth: Double, elevation: Double) -> [String: Any] {
        [
            "lat": observer.lat, "lon": observer.lon, "heading": azimuth, "pitch": elevation, "accuracy": 5,
            "fov": 60, "width": 4000, "height": 3000, "tap_x": 2000, "tap_y": 1500,
        ]
    }

    @Test(
        "with only a feed configured, the tap finds the aircraft it points at; a second tap is served from the cache",
        .enabled(if: SharedData.has(snapshotFile), Comment(rawValue: SharedData.missingMessage("the readsb snapshot"))))
    func findsTheAircraft() async throws {
        let body = try Data(contentsOf: SharedData.url(Self.snapshotFile))
        let stub = try Self.receiver { StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body) }
        defer { stub.stop() }
        let server = try await Self.server(feed: stub)
        defer { server.stop() }
        let expected = try Self.expectedDirection()
        // python3 (flat earth): azimuth 117.0°, elevation 22.1°, 19.3 km away.
        #expect(abs(expected.azimuth - 117.0) < 0.5 && abs(expected.elevation - 22.1) < 0.5)
        let answer = try await server.send(
            "POST", "/v1/identify", json: Self.capture(azimuth: expected.azimuth, elevation: expected.elevation))
        #expect(answer.status == 200, "\(answer.text)")
        let aircraft = try #require(answer.json["aircraft"] as? [String: Any])
        #expect(aircraft["source"] as? String == "feed")
        #expect(aircraft["count"] as? Int == 147)
        #expect((aircraft["feed"] as? String ?? "").contains(stub.baseURL.absoluteString))
        let candidates = try #require(answer.json["candidates"] as? [[String: Any]])
        let best = try #require(candidates.first { $0["kind"] as? String == "aircraft" })
        #expect(best["id"] as? String == Self.target.hex)
        #expect(best["name"] as? String == "SWA1086")
        // Within 1°: the engine moves it 0.6 s along its track (seen_pos) at 501 kt, 0.4° at this range.
        #expect(abs((best["azimuth"] as? Double ?? 0) - expected.azimuth) < 1)
        #expect(abs((best["elevation"] as? Double ?? 0) - expected.elevation) < 1)
        let again = try await server.send(
            "POST", "/v1/identify", json: Self.capture(azimuth: expected.azimuth, elevation: expected.elevation))
        #expect(again.status == 200)
        #expect(stub.requests.count == 1, "the second tap within seconds is served from the cache")
        // Pointing away: no aircraft there.
        let away = try await server.send(
            "POST", "/v1/identify", json: Self.capture(azimuth: expected.azimuth + 180, elevation: 40))
        let awayCandidates = try #require(away.json["candidates"] as? [[String: Any]])
        #expect(!awayCandidates.contains { $0["id"] as? String == Self.target.hex })
    }

    @Test("without a feed, aircraft are left out and the answer says so")
    func noFeed() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let answer = try await server.send("POST", "/v1/identify", json: Self.capture(azimuth: 117, elevation: 22))
        #expect(answer.status == 200, "\(answer.text)")
        let aircraft = try #require(answer.json["aircraft"] as? [String: Any])
        #expect(aircraft["source"] as? String == "none")
        #expect((aircraft["note"] as? String ?? "").contains("no aircraft feed is configured"))
        #expect(aircraft["count"] == nil)
    }

    @Test(
        "a feed answering garbage: buildings still answered, and a note that says the feed failed and why",
        .enabled(
            if: WestVillageStore.available, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func garbageFeedKeepsBuildings() async throws {
        let stub = try Self.receiver { StubResponse(status: 200, body: Data("<html>receiver restarting</html>".utf8)) }
        defer { stub.stop() }
        let source = try #require(WestVillageStore.path)
        let url = stub.baseURL.appendingPathComponent("data/aircraft.json")
        let server = try await TestServer.start(
            { $0.aircraftFeed = .readsb(url) },
            writePlaces: { try FileManager.default.copyItem(atPath: source, toPath: $0) })
        defer { server.stop() }
        let answer = try await server.send("POST", "/v1/identify", json: IdentifyAPITests.scene)
        #expect(answer.status == 200, "\(answer.text)")
        let candidates = try #require(answer.json["candidates"] as? [[String: Any]])
        #expect(!candidates.isEmpty)
        #expect(candidates.allSatisfy { $0["kind"] as? String != "aircraft" })
        let aircraft = try #require(answer.json["aircraft"] as? [String: Any])
        #expect(aircraft["source"] as? String == "failed")
        let note = aircraft["note"] as? String ?? ""
        #expect(note.contains("the aircraft feed failed") && note.contains("not JSON"), "\(note)")
    }

    @Test("a feed that does not answer: a 200 after the feed's timeout, with a note naming the timeout")
    func silentFeed() async throws {
        let stub = try Self.receiver {
            Thread.sleep(forTimeInterval: AircraftFeedChoice.defaultTimeout + 2)
            return .json(#"{"now": 1, "aircraft": []}"#)
        }
        defer { stub.stop() }
        let server = try await Self.server(feed: stub)
        defer { server.stop() }
        let started = Date()
        let answer = try await server.send("POST", "/v1/identify", json: Self.capture(azimuth: 117, elevation: 22))
        #expect(answer.status == 200, "\(answer.text)")
        // The stub answers 2 s after the timeout, so "failed: no answer in 4 s" means the bound ended
        // the wait (no upper bound on the clock: parallel suites can starve timers).
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= AircraftFeedChoice.defaultTimeout - 0.1, "\(waited) s")
        let aircraft = try #require(answer.json["aircraft"] as? [String: Any])
        #expect(aircraft["source"] as? String == "failed")
        #expect((aircraft["note"] as? String ?? "").contains("no answer in 4 s"), "\(aircraft)")
    }
}
