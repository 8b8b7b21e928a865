import Foundation
import LociTestSupport
import Testing

/// `loci identify` with aircraft from a configured live feed (a local stub serving the recorded
/// Irvine `aircraft.json`) instead of `--aircraft FILE`.
@Suite("loci identify: live aircraft", .serialized)
struct IdentifyFeedCommandTests {
    static let snapshotFile = "adsb/readsb-aircraft-irvine.json"
    /// An empty data directory, so no place store is found and only aircraft answer.
    static let empty: [String: String?] = [
        "LOCI_DATA_DIR": FileManager.default.temporaryDirectory.appendingPathComponent("identify-feed-none").path,
        "LOCI_AIRCRAFT_FEED": nil,
    ]

    /// N828VV (hex ab5082) seen from Irvine (33.6846, −117.8265, on the ellipsoid): python3 over the
    /// recorded lat/lon and alt_geom 13,050 ft gives azimuth 273.45°, elevation 10.08°, 22.4 km.
    static let aim = ["--at", "33.6846,-117.8265", "--fov", "60", "--size", "4000x3000", "--tap", "2000,1500",
        "--heading", "273.45", "--pitch", "10.08", "--accuracy", "5"]

    static func receiver() throws -> StubHTTPServer {
        let body = try Data(contentsOf: SharedData.url(snapshotFile))
        return try StubHTTPServer { request in
            request.path == "/data/aircraft.json"
                ? StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
                : StubResponse(status: 404)
        }
    }

    @Test(
        "--aircraft-feed URL or LOCI_AIRCRAFT_FEED alone finds the aircraft, and the answer names the feed",
        .enabled(if: SharedData.has(snapshotFile), Comment(rawValue: SharedData.missingMessage("the readsb snapshot"))))
    func findsTheAircraftThroughTheFeed() throws {
        let stub = try Self.receiver()
        defer { stub.stop() }
        let url = stub.baseURL.appendingPathComponent("data/aircraft.json").absoluteString
        var environment = Self.empty
        let byFlag = try LociProcess.run(["identify"] + Self.aim + ["--aircraft-feed", url, "--json"], environment: environment)
        environment["LOCI_AIRCRAFT_FEED"] = url
        let byVariable = try LociProcess.run(["identify"] + Self.aim + ["--json"], environment: environment)
        for result in [byFlag, byVariable] {
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.json()
            let candidates = try #require(json["candidates"] as? [[String: Any]])
            #expect(candidates.first?["id"] as? String == "ab5082", "\(candidates)")
            #expect(candidates.first?["kind"] as? String == "aircraft")
            let aircraft = try #require(json["aircraft"] as? [String: Any])
            #expect(aircraft["source"] as? String == "feed")
            #expect(aircraft["count"] as? Int == 147)
        }
        #expect(stub.requests.count == 2)
        let text = try LociProcess.run(["identify"] + Self.aim, environment: environment)
        #expect(text.stdout.contains("aircraft: 147 from readsb \(url)"), "\(text.stdout)")
        #expect(text.stdout.contains("1. aircraft N828VV"), "\(text.stdout)")
    }

    @Test("without a feed the text says aircraft were left out; a bad feed setting names where it came from")
    func noFeedAndBadSetting() throws {
        let none = try LociProcess.run(["identify"] + Self.aim, environment: Self.empty)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("aircraft: no aircraft feed is configured"), "\(none.stdout)")
        let json = try LociProcess.run(["identify"] + Self.aim + ["--json"], environment: Self.empty).json()
        #expect((json["aircraft"] as? [String: Any])?["source"] as? String == "none")
        let badFlag = try LociProcess.run(["identify"] + Self.aim + ["--aircraft-feed", "ftp://x/a.json"], environment: Self.empty)
        #expect(badFlag.status != 0)
        #expect(badFlag.stderr.contains("--aircraft-feed ftp://x/a.json: must be opensky or an http(s) URL"), "\(badFlag.stderr)")
        var environment = Self.empty
        environment["LOCI_AIRCRAFT_FEED"] = "receiver"
        let badVariable = try LociProcess.run(["identify"] + Self.aim, environment: environment)
        #expect(badVariable.stderr.contains("LOCI_AIRCRAFT_FEED=receiver: must be opensky"), "\(badVariable.stderr)")
    }

    @Test(
        "--aircraft wins over the feed: the feed is not asked",
        .enabled(if: SharedData.has(snapshotFile), Comment(rawValue: SharedData.missingMessage("the readsb snapshot"))))
    func fileWins() throws {
        let stub = try Self.receiver()
        defer { stub.stop() }
        var environment = Self.empty
        environment["LOCI_AIRCRAFT_FEED"] = stub.baseURL.appendingPathComponent("data/aircraft.json").absoluteString
        let result = try LociProcess.run(
            ["identify"] + Self.aim + ["--aircraft", SharedData.url(Self.snapshotFile).path, "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect((json["aircraft"] as? [String: Any])?["source"] as? String == "request")
        #expect((json["candidates"] as? [[String: Any]])?.first?["id"] as? String == "ab5082")
        #expect(stub.requests.isEmpty)
    }
}
