import Foundation
import Testing

@Suite("loci trips and loci proximity replay")
struct ProximityCommandTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("proximity-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A 2.1 km walk east along 60.1699° N at 1.4 m/s from 2025-06-16T07:30:00Z, one point a second.
    func writeWalk(withTimes: Bool = true) throws -> String {
        var points = ""
        for i in 0..<1_500 {
            let east = -1_000 + Double(i) * 1.4
            let lon = 24.9384 + east / (111_195 * cos(60.1699 * .pi / 180))
            let seconds = 30 * 60 + i
            let time = String(format: "2025-06-16T07:%02d:%02dZ", seconds / 60, seconds % 60)
            points += #"<trkpt lat="60.1699" lon="\#(String(format: "%.7f", lon))">"# + (withTimes ? "<time>\(time)</time>" : "") + "</trkpt>"
        }
        let path = folder.appendingPathComponent(withTimes ? "walk.gpx" : "untimed.gpx").path
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points + "</trkseg></trk></gpx>"
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func trips(_ arguments: String...) throws -> LociProcess.Result {
        try LociProcess.run(["trips"] + arguments + ["--trips-db", folder.appendingPathComponent("trips.sqlite").path])
    }

    @Test("create, add places, list, show, replay, remove a place, delete")
    func lifecycle() throws {
        #expect(try trips("create", "Helsinki", "--radius", "200", "--time-zone", "Europe/Helsinki", "--quiet", "23:00-06:00").status == 0)
        // 100 m north of the walk, 1,100 m along it: passed within 200 m.
        #expect(try trips("add-place", "Helsinki", "--name", "Blue Bottle", "--at", "60.1708,24.9401", "--category", "cafe").status == 0)
        // 600 m south of the walk: never within 200 m.
        #expect(try trips("add-place", "Helsinki", "--name", "Far Museum", "--at", "60.1645,24.9384").status == 0)
        let list = try trips("list", "--json")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(listed.first?["places"] as? Int == 2)
        #expect(listed.first?["quiet_hours"] as? String == "23:00-06:00")
        #expect(listed.first?["start_date"] is NSNull && listed.first?["end_date"] is NSNull, "no dates: null, not left out")
        let walk = try writeWalk()
        let replay = try LociProcess.run([
            "proximity", "replay", walk, "--trip", "Helsinki", "--json", "--trips-db", folder.appendingPathComponent("trips.sqlite").path,
        ])
        #expect(replay.status == 0, "\(replay.stderr)")
        let report = try replay.json()
        let notifications = try #require(report["notifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect((notifications.first?["lines"] as? [String])?.first?.hasPrefix("Blue Bottle — ") == true)
        #expect((notifications.first?["lines"] as? [String])?.first?.hasSuffix("northeast") == true)
        #expect(report["duplicates"] as? Int == 0)
        #expect(report["missed_count"] as? Int == 0)
        #expect(report["wakeups"] as? Int == 1_500)
        #expect((report["lead_min_m"] as? Double ?? -1) > 0)
        let show = try trips("show", "Helsinki", "--json")
        let places = try #require((try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])?["places"] as? [[String: Any]])
        let museum = try #require(places.first { $0["name"] as? String == "Far Museum" }?["id"] as? String)
        #expect(try trips("remove-place", "Helsinki", museum).status == 0)
        #expect(try trips("remove-place", "Helsinki", museum).status != 0)
        #expect(try trips("delete", "Helsinki").status == 0)
        #expect(try trips("show", "Helsinki").stderr.contains("no trip"))
    }

    @Test("a places file drives the replay; iOS wake-ups are far fewer than fixes")
    func placesFile() throws {
        let file = folder.appendingPathComponent("places.json")
        let json = """
            {"trip": {"name": "Walk", "alert_radius_m": 200, "time_zone": "Europe/Helsinki", "quiet_hours": null},
             "places": [{"id": "a", "name": "Blue Bottle", "lat": 60.1708, "lon": 24.9401, "category": "cafe", "opening_hours": null}]}
            """
        try Data(json.utf8).write(to: file)
        let walk = try writeWalk()
        let every = try LociProcess.run(["proximity", "replay", walk, "--places", file.path, "--json"]).json()
        let ios = try LociProcess.run(["proximity", "replay", walk, "--places", file.path, "--wakeups", "ios", "--json"]).json()
        #expect(every["notification_count"] as? Int == 1)
        #expect((ios["wakeups"] as? Int ?? .max) < 50)
        #expect(ios["mode"] as? String == "ios")
        #expect((ios["notification_count"] as? Int ?? 0) + (ios["missed_count"] as? Int ?? 0) >= 1)
    }

    @Test("bad input fails with one clear line")
    func badInput() throws {
        let walk = try writeWalk()
        let untimed = try writeWalk(withTimes: false)
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"trip": {"name": "x"}, "places": [{"id": "a", "name": "A", "lat": 91, "lon": 0}]}"#.utf8).write(to: broken)
        let cases: [([String], String)] = [
            (["proximity", "replay", walk, "--places", broken.path], "places[0].lat/lon"),
            (["proximity", "replay", untimed, "--places", broken.path], "not a valid position"),
            (["proximity", "replay", walk], "exactly one of"),
            (["proximity", "replay", walk, "--places", broken.path, "--wakeups", "sometimes"], "--wakeups"),
            (["trips", "create", "X", "--quiet", "25:00-07:00", "--trips-db", folder.appendingPathComponent("t.sqlite").path], "--quiet"),
        ]
        for (arguments, message) in cases {
            let result = try LociProcess.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let good = folder.appendingPathComponent("good.json")
        try Data(#"{"trip": {"name": "x"}, "places": []}"#.utf8).write(to: good)
        let noTimes = try LociProcess.run(["proximity", "replay", untimed, "--places", good.path])
        #expect(noTimes.stderr.contains("no <time>"))
    }
}
