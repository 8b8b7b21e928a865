import Foundation
import LociTestSupport
import Testing

@Suite("loci trips import/export and replay --places in other tools' formats")
struct PlaceFileCommandTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("placefiles-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    static let tracks = Repository.testTarget("ProximityKitTests").appendingPathComponent("Fixtures/tracks")
    static let placeFiles = Repository.testTarget("PlaceFilesTests").appendingPathComponent("Fixtures")

    func trips(_ arguments: String...) throws -> LociProcess.Result {
        try LociProcess.run(["trips"] + arguments + ["--trips-db", folder.appendingPathComponent("trips.sqlite").path])
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func placeIDs(_ trip: String) throws -> [String] {
        let show = try trips("show", trip, "--json")
        let object = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        return (object?["places"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test("import says how many places were added; export writes each format; the files import back the same")
    func importExport() throws {
        #expect(try trips("create", "Walk", "--radius", "200", "--time-zone", "Europe/Helsinki").status == 0)
        let geojson = Self.placeFiles.appendingPathComponent("walk-kallio-to-market.places.geojson").path
        let imported = try trips("import", "walk", geojson)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 12 places from GeoJSON into Walk: 12 added."), "\(imported.stdout)")
        let again = try trips("import", "Walk", geojson)
        #expect(again.stdout.contains("0 added, 12 replaced"), "\(again.stdout)")
        let ids = try placeIDs("Walk")
        #expect(ids.count == 12)
        for (name, format) in [("out.geojson", "GeoJSON"), ("out.gpx", "GPX"), ("out.json", "Loci JSON"), ("out.txt", "Loci JSON")] {
            let path = folder.appendingPathComponent(name).path
            let exported = try trips("export", "Walk", path)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.contains("Exported 12 places of Walk to \(path) as \(format)."), "\(exported.stdout)")
            let copy = "Copy \(name)"
            #expect(try trips("create", copy).status == 0)
            #expect(try trips("import", copy, path).status == 0)
            #expect(try placeIDs(copy) == ids, "\(name)")
        }
        let forced = folder.appendingPathComponent("forced.json").path
        #expect(try trips("export", "Walk", forced, "--format", "gpx").status == 0)
        #expect(try String(contentsOfFile: forced, encoding: .utf8).contains("<gpx "))
    }

    @Test("add-place takes a place's own radius and note; show prints them; a radius out of range is refused")
    func placeRadius() throws {
        #expect(try trips("create", "Walk", "--radius", "300").status == 0)
        let added = try trips("add-place", "Walk", "--name", "Regatta", "--at", "60.183,24.912", "--radius", "80", "--note", "buns")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try trips("add-place", "Walk", "--name", "Kiasma", "--at", "60.1716,24.937").status == 0)
        let show = try trips("show", "Walk", "--json")
        let places = (try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])?["places"] as? [[String: Any]] ?? []
        let regatta = try #require(places.first { $0["name"] as? String == "Regatta" })
        let kiasma = try #require(places.first { $0["name"] as? String == "Kiasma" })
        #expect(regatta["radius_m"] as? Double == 80)
        #expect(regatta["note"] as? String == "buns")
        #expect(kiasma["radius_m"] is NSNull, "no radius of its own: null, as every CLI member without a value")
        #expect(try trips("show", "Walk").stdout.contains("Regatta  60.18300,24.91200    80 m"))
        let refused = try trips("add-place", "Walk", "--name", "Tiny", "--at", "60.1,24.9", "--radius", "10")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--radius: must be between 50 and 50000 metres"), "\(refused.stderr)")
    }

    @Test("a file with one bad place is refused with the place and field, exit non-zero, and nothing is added")
    func importRefused() throws {
        #expect(try trips("create", "Walk").status == 0)
        let bad = try write("bad.json", """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "ok", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "OK"}},
              {"type": "Feature", "id": "route", "geometry": {"type": "LineString", "coordinates": [[24.9, 60.1], [24.9, 60.2]]},
               "properties": {"name": "Route"}}
            ]}
            """)
        let result = try trips("import", "Walk", bad)
        #expect(result.status != 0)
        #expect(result.stderr.contains("features[1].geometry.type (id 'route', name 'Route'): is LineString"), "\(result.stderr)")
        #expect(try placeIDs("Walk").isEmpty)
        let cases: [([String], String)] = [
            (["import", "Nowhere", bad], "no trip called 'Nowhere'"),
            (["import", "Walk", folder.appendingPathComponent("missing.gpx").path], "missing.gpx: no such file"),
            (["export", "Walk", folder.appendingPathComponent("x.kml").path, "--format", "kml"], "--format"),
        ]
        for (arguments, message) in cases {
            let run = try LociProcess.run(["trips"] + arguments + ["--trips-db", folder.appendingPathComponent("trips.sqlite").path])
            #expect(run.status != 0)
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test("replaying a real track against GeoJSON and GPX place files prints exactly what the same places in Loci JSON do", arguments: ["every-fix", "ios"])
    func replayFormats(wakeups: String) throws {
        let track = Self.tracks.appendingPathComponent("walk-kallio-to-market.gpx").path
        // The same places under the trip a GeoJSON or GPX file replays with (500 m, UTC).
        let set = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.tracks.appendingPathComponent("walk-kallio-to-market.places.json"))) as? [String: Any]
        let loci = folder.appendingPathComponent("walk.json")
        try JSONSerialization.data(withJSONObject: ["trip": ["name": "walk"], "places": set?["places"] ?? []]).write(to: loci)
        let geojson = Self.placeFiles.appendingPathComponent("walk-kallio-to-market.places.geojson").path
        let fromLoci = try LociProcess.run(["proximity", "replay", track, "--places", loci.path, "--wakeups", wakeups, "--json"])
        let fromGeoJSON = try LociProcess.run(["proximity", "replay", track, "--places", geojson, "--wakeups", wakeups, "--json"])
        #expect(fromLoci.status == 0, "\(fromLoci.stderr)")
        #expect((try fromLoci.json()["notification_count"] as? Int ?? 0) > 0)
        #expect(fromGeoJSON.stdout == fromLoci.stdout)
        // The GPX export of the same places replays the same too.
        #expect(try trips("create", "Walk", "--time-zone", "UTC").status == 0)
        #expect(try trips("import", "Walk", geojson).status == 0)
        let gpx = folder.appendingPathComponent("walk.gpx").path
        #expect(try trips("export", "Walk", gpx).status == 0)
        let fromGPX = try LociProcess.run(["proximity", "replay", track, "--places", gpx, "--wakeups", wakeups, "--json"])
        #expect(fromGPX.stdout == fromLoci.stdout)
    }
}
