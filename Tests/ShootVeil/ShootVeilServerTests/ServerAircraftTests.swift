import Foundation
import IdentifyKit
import IdentifyService
import TidepoolTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import LociTestSupport
import ShootVeilFeature
import Testing

/// The viewfinder with buildings from the offline pack and aircraft from a real `loci serve` on
/// loopback whose feed is a stub serving the shared Irvine ADS-B snapshot.
@Suite("ShootVeil: aircraft through the server", .serialized)
@MainActor
struct ServerAircraftTests {
    @Test(
        "a tap in Irvine finds the aircraft it points at through the server's live feed, with its flight rows",
        .enabled(
            if: SharedData.has(Shared.irvineSnapshot, Shared.westVillage),
            Comment(rawValue: SharedData.missingMessage("the Irvine snapshot and the West Village extract"))))
    func findsTheAircraft() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let feed = try await FeedServer.irvine()
        defer { feed.stop() }
        let phone = try ServerPhone(pack: pack, server: feed.server.baseURL, clock: Capture.irvine.time)
        phone.aim(.irvine)
        await phone.model.tap(at: ServerPhone.centre)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        #expect(phone.model.aircraftStatus == .live(count: 147))
        #expect(result.aircraft.word == "live")
        let best = try #require(result.candidates.first, "nothing found")
        #expect(best.id == Capture.irvineAircraft, "\(result.candidates.map(\.id))")
        #expect(best.kind == .aircraft)
        #expect(best.title == "SWA1086")
        // 21.0 km slant range by the fixture's ECEF geometry (the server places the phone at its
        // MSL altitude, 35 m above the ellipsoidal one the phone uses: metres at this range).
        #expect(abs(best.distance - 20_983.6) < 100, "\(best.distance)")
        // The detail view's rows: the flight as the broadcast gave it.
        let rows = Dictionary(best.detailRows(in: .english).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(rows["Flight"] == "SWA1086")
        #expect(rows["Altitude"] != nil)
        #expect(rows["Ground speed"] != nil)
        #expect(feed.stub.requests.count == 1)
    }

    @Test(
        "with the feed down the status says failed and the pack's building still answers",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func feedDown() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let feed = try await FeedServer.start { StubResponse(status: 503, body: Data("receiver restarting".utf8)) }
        defer { feed.stop() }
        let phone = try ServerPhone(pack: pack, server: feed.server.baseURL, clock: Capture.westVillage.time)
        phone.aim(.westVillage)
        await phone.model.tap(at: ServerPhone.centre)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        guard case .failed(let note) = phone.model.aircraftStatus else {
            Issue.record("\(phone.model.aircraftStatus)")
            return
        }
        #expect(phone.model.aircraftStatus.word == "failed")
        #expect((note ?? "").contains("the aircraft feed failed"), "\(note ?? "")")
        #expect(result.candidates.first?.id == Capture.westVillageBuilding, "\(result.candidates.map(\.id))")
        #expect(result.candidates.allSatisfy { $0.kind != .aircraft })
        #expect(!feed.stub.requests.isEmpty, "the server asked its feed")
    }

    @Test(
        "with the server stopped the pack's building still answers and the status says offline",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func serverStopped() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let feed = try await FeedServer.irvine()
        let address = feed.server.baseURL
        feed.stop()
        // The server's task ends once cancelled; wait until its port refuses (no clock threshold).
        var stopped = false
        for _ in 0..<100 where !stopped {
            stopped = await !Self.answers(address)
            if !stopped { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(stopped, "the stopped server still answers")
        let phone = try ServerPhone(pack: pack, server: address, clock: Capture.westVillage.time)
        phone.aim(.westVillage)
        await phone.model.tap(at: ServerPhone.centre)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        guard case .unreachable(let reason) = phone.model.aircraftStatus else {
            Issue.record("\(phone.model.aircraftStatus)")
            return
        }
        #expect(reason.contains(address.absoluteString), "\(reason)")
        #expect(result.aircraft.word == "offline")
        #expect(result.candidates.first?.id == Capture.westVillageBuilding, "\(result.candidates.map(\.id))")
    }

    @Test(
        "a server without a feed says none; buildings still answer",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func serverWithoutFeed() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let phone = try ServerPhone(pack: pack, server: server.baseURL, clock: Capture.westVillage.time)
        phone.aim(.westVillage)
        await phone.model.tap(at: ServerPhone.centre)
        guard case .noFeed(let note) = phone.model.aircraftStatus else {
            Issue.record("\(phone.model.aircraftStatus)")
            return
        }
        #expect((note ?? "").contains("no aircraft feed is configured"), "\(note ?? "")")
        #expect(phone.model.phase.result?.aircraft.word == "none")
        #expect(phone.model.phase.result?.candidates.first?.id == Capture.westVillageBuilding)
    }

    @Test("a server answering an error or something else is named in the status, never a failed tap")
    func serverErrors() async throws {
        let capture = try CaptureMetadata(
            time: nil, coordinate: Capture.westVillage.coordinate, ellipsoidalHeight: nil,
            attitude: CameraAttitude(heading: 90), headingAccuracy: 5,
            intrinsics: CameraIntrinsics(horizontalFieldOfView: 60, width: 3024, height: 4032))
        let request = IdentifyRequest(capture: capture, tapX: 1512, tapY: 2016)
        let cases: [(StubResponse, String)] = [
            (.json(#"{"error": {"code": "internal", "message": "the place store failed"}}"#, status: 500),
             "HTTP 500: the place store failed"),
            (.json(#"{"candidates": "not a list"}"#), "not the identify answer"),
        ]
        for (response, expected) in cases {
            let stub = try StubHTTPServer { _ in response }
            defer { stub.stop() }
            let answer = await ServerAircraftSource(baseURL: stub.baseURL, timeout: 4).aircraft(for: request)
            guard case .unreachable(let reason) = answer.status else {
                Issue.record("\(answer.status)")
                continue
            }
            #expect(reason.contains(expected) && reason.contains(stub.baseURL.absoluteString), "\(reason)")
            #expect(answer.candidates.isEmpty)
            // What the server was sent: the route's JSON fields, the capture's values.
            let body = try #require(stub.requests.first?.body)
            let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(stub.requests.first?.path == "/v1/identify")
            #expect(Set(sent.keys) == ["lat", "lon", "heading", "accuracy", "pitch", "roll", "fov", "width", "height", "tap_x", "tap_y"])
            let number = { (key: String) in (sent[key] as? NSNumber)?.doubleValue ?? .nan }
            #expect(abs(number("heading") - 90) < 1e-9)
            #expect(abs(number("fov") - 60) < 1e-9)
            #expect(number("width") == 3024 && number("tap_y") == 2016)
        }
    }

    @Test("without a server nothing is asked and the status stays empty")
    func noServer() async throws {
        #expect(AircraftStatus.notAsked.word == "")
        #expect(AircraftStatus.notAsked.line == nil)
        #expect(AircraftStatus(AircraftSourceReport(source: .feed, count: 3)) == .live(count: 3))
        #expect(AircraftStatus(.noFeed).word == "none")
    }

    /// Whether anything answers HTTP at `url` on a new connection (a kept-alive one would still
    /// be served while the stopped server drains it).
    nonisolated static func answers(_ url: URL) async -> Bool {
        var request = URLRequest(url: url.appendingPathComponent("health"))
        request.timeoutInterval = 2
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        return (try? await session.data(for: request)) != nil
    }
}
