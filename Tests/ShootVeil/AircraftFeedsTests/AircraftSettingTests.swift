import AircraftFeeds
import Foundation
import IdentifyKit
import LociTestSupport
import Testing

/// Where one identification's aircraft come from: a snapshot wins, then the feed given, then the
/// configured one; and a snapshot read from a file.
@Suite("The aircraft setting of one identification")
struct AircraftSettingTests {
    static let variable = AircraftFeedChoice.environmentVariable

    @Test("a snapshot wins over any feed; the feed given over the environment's; neither is none")
    func rule() throws {
        let configured = [Self.variable: "http://10.0.0.5/data/aircraft.json"]
        guard case .snapshot(let location) = try AircraftSetting.choose(snapshot: "a.json", feed: "opensky", environment: configured) else {
            Issue.record("the snapshot did not win")
            return
        }
        #expect(location == "a.json")
        // A snapshot wins even over a broken configured feed: the setting is not read.
        #expect(throws: Never.self) { try AircraftSetting.choose(snapshot: "a.json", feed: nil, environment: [Self.variable: "ftp://x"]) }
        #expect(try AircraftSetting.choose(snapshot: nil, feed: "opensky", environment: configured).liveFeed != nil)
        #expect(try AircraftSetting.choose(snapshot: nil, feed: nil, environment: configured).liveFeed != nil)
        guard case .none = try AircraftSetting.choose(snapshot: nil, feed: nil, environment: [Self.variable: ""]) else {
            Issue.record("an empty variable configured a feed")
            return
        }
    }

    @Test("a broken setting is refused with where it came from: given, or the environment")
    func refusals() {
        #expect(throws: AircraftSettingError(origin: .given, text: "ftp://x", reason: "must be opensky or an http(s) URL of a readsb/dump1090 aircraft.json")) {
            try AircraftSetting.choose(snapshot: nil, feed: "ftp://x", environment: [Self.variable: "opensky"])
        }
        #expect(throws: AircraftSettingError(origin: .environment, text: "nonsense", reason: "must be opensky or an http(s) URL of a readsb/dump1090 aircraft.json")) {
            try AircraftSetting.choose(snapshot: nil, feed: nil, environment: [Self.variable: "nonsense"])
        }
    }

    @Test("a snapshot file is read as a feed answer; a missing or malformed file names the path")
    func snapshotFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aircraft-setting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.json").path
        await #expect {
            _ = try await AircraftSetting.snapshot(at: missing, traceTime: nil, name: missing)
        } throws: { error in
            guard case AircraftSnapshotError.unreadable(let path) = error else { return false }
            return path == missing
        }
        let broken = folder.appendingPathComponent("broken.json")
        try Data("not json".utf8).write(to: broken)
        await #expect {
            _ = try await AircraftSetting.snapshot(at: broken.path, traceTime: nil, name: broken.path)
        } throws: { error in
            guard case AircraftSnapshotError.content(let path, _) = error else { return false }
            return path == broken.path && (error as? AircraftSnapshotError)?.description.hasPrefix("\(broken.path): ") == true
        }
        #expect(AircraftSetting.isURL("https://x/a.json") && !AircraftSetting.isURL("a.json"))
    }

    @Test(
        "the committed readsb snapshot reads from its file",
        .enabled(if: SharedData.has("adsb/readsb-aircraft-irvine.json"), Comment(rawValue: SharedData.missingMessage("adsb/readsb-aircraft-irvine.json"))))
    func realSnapshot() async throws {
        let path = SharedData.url("adsb/readsb-aircraft-irvine.json").path
        let snapshot = try await AircraftSetting.snapshot(at: path, traceTime: nil, name: path)
        #expect(snapshot.aircraft.count == 147)
    }
}
