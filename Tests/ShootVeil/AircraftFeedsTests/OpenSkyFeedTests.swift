import AircraftFeeds
import Foundation
import GeoKit
import IdentifyKit
import LockedState
import LociTestSupport
import Testing

@Suite("OpenSky's /states/all over HTTP")
struct OpenSkyFeedTests {
    static let samples = "adsb/opensky-calfire.json.gz"

    /// The shared OpenSky-style records (traffic's: feet, knots, ms timestamps) as one
    /// `/states/all` answer: each aircraft's first record, in OpenSky's metres and m/s.
    static func statesDocument() throws -> (Data, count: Int, first: [String: Any]) {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -dc \"$0\"", SharedData.url(samples).path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var seen = Set<String>()
        var states: [[Any]] = []
        var first: [String: Any] = [:]
        var time = 0.0
        for record in records {
            guard let icao = record["icao24"] as? String, !seen.contains(icao),
                let lat = record["latitude"] as? Double, let lon = record["longitude"] as? Double,
                let stamp = record["timestamp"] as? Double
            else { continue }
            seen.insert(icao)
            if first.isEmpty { first = record }
            func metres(_ key: String) -> Any { (record[key] as? Double).map { $0 * 0.3048 } ?? NSNull() }
            let speed: Any = (record["groundspeed"] as? Double).map { $0 * 1_852 / 3_600 } ?? NSNull()
            let rate: Any = (record["vertical_rate"] as? Double).map { $0 * 0.3048 / 60 } ?? NSNull()
            time = max(time, stamp / 1_000)
            states.append([
                icao, record["callsign"] ?? NSNull(), "United States", stamp / 1_000, stamp / 1_000, lon, lat,
                metres("altitude"), false, speed, record["track"] ?? NSNull(), rate, NSNull(), metres("geoaltitude"),
                NSNull(), false, 0,
            ])
        }
        let body = try JSONSerialization.data(withJSONObject: ["time": time, "states": states])
        return (body, states.count, first)
    }

    @Test(
        "with credentials: a token from the token endpoint, the area's box in the query, the shared samples read back",
        .enabled(if: SharedData.has(samples), Comment(rawValue: SharedData.missingMessage("the OpenSky samples"))))
    func signedInStates() async throws {
        let (body, count, first) = try Self.statesDocument()
        let tokens = Locked(0)
        let stub = try StubHTTPServer { request in
            if request.path == "/token" {
                guard request.form["grant_type"] == "client_credentials", request.form["client_id"] == "me",
                    request.form["client_secret"] == "s3cret"
                else { return StubResponse(status: 401) }
                tokens.withLock { $0 += 1 }
                return .json(#"{"access_token": "tok-1", "expires_in": 1800, "token_type": "Bearer"}"#)
            }
            guard request.path == "/api/states/all", request.headers["authorization"] == "Bearer tok-1" else {
                return StubResponse(status: 401)
            }
            guard let south = request.query["lamin"].flatMap(Double.init), let north = request.query["lamax"].flatMap(Double.init),
                let west = request.query["lomin"].flatMap(Double.init), let east = request.query["lomax"].flatMap(Double.init),
                south < 33.6846, 33.6846 < north, west < -117.8265, -117.8265 < east
            else { return StubResponse(status: 400) }
            return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
        defer { stub.stop() }
        let credentials = OpenSkyCredentials(
            clientID: "me", clientSecret: "s3cret", tokenURL: stub.baseURL.appendingPathComponent("token"),
            clock: { 1_000 })
        let feed = OpenSkyFeed(
            baseURL: stub.baseURL.appendingPathComponent("api"), credentials: credentials, timeout: 5)
        let area = AircraftFeedArea(around: try Coordinate(latitude: 33.6846, longitude: -117.8265), radius: 100_000)
        let snapshot = try await feed.snapshot(in: area)
        _ = try await feed.snapshot(in: area)
        #expect(tokens.withLock { $0 } == 1, "the token is kept until it nears expiry")
        #expect(snapshot.aircraft.count == count)
        #expect(count > 10)
        let icao = try #require(first["icao24"] as? String)
        let state = try #require(snapshot.aircraft.first { $0.icao24 == icao })
        let geo = try #require(first["geoaltitude"] as? Double)
        #expect(abs((state.geometricAltitude ?? 0) - geo * 0.3048) < 1e-6)
    }

    @Test("refused credentials say so, naming the feed")
    func refusedCredentials() async throws {
        let stub = try StubHTTPServer { _ in StubResponse(status: 401) }
        defer { stub.stop() }
        let credentials = OpenSkyCredentials(
            clientID: "me", clientSecret: "wrong", tokenURL: stub.baseURL.appendingPathComponent("token"),
            clock: { 1_000 })
        let feed = OpenSkyFeed(baseURL: stub.baseURL.appendingPathComponent("api"), credentials: credentials, timeout: 5)
        let area = AircraftFeedArea(around: try Coordinate(latitude: 33.6846, longitude: -117.8265), radius: 100_000)
        await #expect(
            throws: AircraftFeedSourceError(feed: feed.name, .credentials("token endpoint answered HTTP 401"))
        ) { try await feed.snapshot(in: area) }
    }
}

@Suite("The feed setting")
struct AircraftFeedChoiceTests {
    @Test("opensky in any case, or an http(s) URL; anything else is refused with the reason")
    func parsing() throws {
        #expect(try AircraftFeedChoice(parsing: "opensky") == .openSky)
        #expect(try AircraftFeedChoice(parsing: "OpenSky") == .openSky)
        let url = try #require(URL(string: "http://10.0.0.5:8080/data/aircraft.json"))
        #expect(try AircraftFeedChoice(parsing: url.absoluteString) == .readsb(url))
        for bad in ["ftp://host/aircraft.json", "aircraft.json", "http://", ""] {
            #expect(throws: AircraftFeedChoiceError.self, "\(bad)") { try AircraftFeedChoice(parsing: bad) }
        }
    }

    @Test("the credentials come from both variables or not at all")
    func credentials() {
        #expect(OpenSkyCredentials.from(environment: ["OPENSKY_CLIENT_ID": "a"], clock: { 0 }) == nil)
        #expect(
            OpenSkyCredentials.from(
                environment: ["OPENSKY_CLIENT_ID": "a", "OPENSKY_CLIENT_SECRET": "b"], clock: { 0 })?.clientID == "a")
    }
}
