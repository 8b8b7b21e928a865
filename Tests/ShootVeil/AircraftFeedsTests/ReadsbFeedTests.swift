import AircraftFeeds
import Foundation
import GeoKit
import IdentifyKit
import LociTestSupport
import Testing

@Suite("A receiver's aircraft.json over HTTP")
struct ReadsbFeedTests {
    static let snapshotFile = "adsb/readsb-aircraft-irvine.json"
    static var area: AircraftFeedArea {
        get throws { AircraftFeedArea(around: try Coordinate(latitude: 33.6846, longitude: -117.8265), radius: 100_000) }
    }

    @Test(
        "the recorded Irvine snapshot, served by a local stub, reads as the receiver wrote it",
        .enabled(if: SharedData.has(snapshotFile), Comment(rawValue: SharedData.missingMessage("the readsb snapshot"))))
    func readsTheRecordedSnapshot() async throws {
        let body = try Data(contentsOf: SharedData.url(Self.snapshotFile))
        let stub = try StubHTTPServer { request in
            request.path == "/data/aircraft.json"
                ? StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
                : StubResponse(status: 404)
        }
        defer { stub.stop() }
        let feed = ReadsbFeed(url: stub.baseURL.appendingPathComponent("data/aircraft.json"), timeout: 5)
        let snapshot = try await feed.snapshot(in: try Self.area)
        // python3: 170 entries, 147 with lat/lon; now = 1643337806.2.
        #expect(snapshot.time == 1_643_337_806.2)
        #expect(snapshot.aircraft.count == 147)
        #expect(snapshot.withoutPosition == 23)
        let southwest = try #require(snapshot.aircraft.first { $0.icao24 == "abe0df" })
        #expect(southwest.callsign == "SWA1086")
        #expect(abs((southwest.geometricAltitude ?? 0) - 25_675 * 0.3048) < 1e-6)
        #expect(feed.name == "readsb \(stub.baseURL.absoluteString)/data/aircraft.json")
    }

    @Test("a feed that does not answer in time fails as a timeout naming the feed")
    func timesOut() async throws {
        let stub = try StubHTTPServer { _ in
            Thread.sleep(forTimeInterval: 4)
            return .json(#"{"now": 1, "aircraft": []}"#)
        }
        defer { stub.stop() }
        let feed = ReadsbFeed(url: stub.baseURL.appendingPathComponent("aircraft.json"), timeout: 1.5)
        let started = Date()
        let area = try Self.area
        do throws(AircraftFeedSourceError) {
            _ = try await feed.snapshot(in: area)
            Issue.record("a silent feed answered")
        } catch {
            #expect(error.kind == .timedOut(seconds: 1.5), "\(error)")
            #expect(error.description.hasPrefix(feed.name))
        }
        // Not before the bound; no upper bound is asserted, since a test run that starves the
        // cooperative pool (parallel suites blocking it) delays every timer. The stub answers only
        // after 4 s, so a timeout error here means the bound, not the answer, ended the wait.
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 1.4, "gave up after \(waited) s")
    }

    @Test("garbage and HTTP errors are typed failures that say what and where")
    func garbageAndStatus() async throws {
        let stub = try StubHTTPServer { request in
            switch request.path {
            case "/html": StubResponse(status: 200, body: Data("<html>busy</html>".utf8))
            case "/wrong": .json(#"{"now": 1, "aircraft": [{"hex": "abc", "lat": "x", "lon": 1}]}"#)
            default: StubResponse(status: 503)
            }
        }
        defer { stub.stop() }
        let area = try Self.area
        func failure(_ path: String) async -> AircraftFeedSourceError? {
            do throws(AircraftFeedSourceError) {
                _ = try await ReadsbFeed(url: stub.baseURL.appendingPathComponent(path), timeout: 5).snapshot(in: area)
                return nil
            } catch { return error }
        }
        let html = await failure("html")
        guard case .malformed(let parse)? = html?.kind else { Issue.record("\(String(describing: html))"); return }
        #expect(parse.location == "document")
        let wrong = await failure("wrong")
        #expect(wrong?.description.hasSuffix("aircraft[0].lat: expected a number, got a string") == true, "\(String(describing: wrong))")
        #expect(await failure("down")?.kind == .http(status: 503))
    }
}
