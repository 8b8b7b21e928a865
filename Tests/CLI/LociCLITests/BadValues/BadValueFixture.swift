import Foundation
import LociTestSupport

/// A temporary data folder with a small real place store (Monaco), a trip and a list called
/// `fixture`, and the paths the bad values point at: a plain file, an empty folder, a missing path.
struct BadValueFixture: Sendable {
    let root: String

    var dataDirectory: String { root + "/data" }
    var placeDatabase: String { dataDirectory + "/places.sqlite" }
    /// A short GPX track (three timed points in Monaco).
    var track: String { root + "/walk.gpx" }
    /// A regular text file.
    var plainFile: String { root + "/plain.txt" }
    /// An empty folder.
    var folder: String { root + "/empty-folder" }
    /// A path whose folder does not exist (named .json, so commands that read the format from
    /// the name get as far as looking for it).
    var missing: String { root + "/no-such-folder/no-such-file.json" }
    /// A path inside a plain file, which nothing can create.
    var insideFile: String { plainFile + "/inside.json" }
    /// A GeoJSON place file with one place in Monaco (for `loci trips import`).
    var placeFile: String { root + "/places.geojson" }
    /// A library export (JSON) of the empty library.
    var libraryExport: String { root + "/library.json" }
    /// The id of a real place in the store, read back from `loci search` in ``make()``.
    let placeID: String

    /// The environment every run gets: this data folder, and no keys for outside services.
    var environment: [String: String?] {
        [
            "LOCI_DATA_DIR": dataDirectory, "XDG_DATA_HOME": root, "GOOGLE_PLACES_API_KEY": nil,
            "GOOGLE_MAPS_API_KEY": nil, "AEROAPI_KEY": nil, "DATABASE_URL": nil,
        ]
    }

    /// Makes the folder and imports `osm/monaco.osm.pbf` with the real `loci import`.
    static func make() throws -> BadValueFixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loci-bad-values-\(UUID().uuidString)").path
        var fixture = BadValueFixture(root: root, placeID: "")
        try FileManager.default.createDirectory(atPath: fixture.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.folder, withIntermediateDirectories: true)
        try Data("not a map, a photo or a database\n".utf8).write(to: URL(fileURLWithPath: fixture.plainFile))
        let points = (0..<3).map { i in
            #"<trkpt lat="43.7384" lon="\#(7.4246 + Double(i) * 0.001)"><time>2025-06-16T07:0\#(i):00Z</time></trkpt>"#
        }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined() + "</trkseg></trk></gpx>"
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: fixture.track))
        let geojson = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[7.4286,43.7396]},"properties":{"name":"Casino"}}]}"#
        try Data(geojson.utf8).write(to: URL(fileURLWithPath: fixture.placeFile))
        for setup in [
            ["import", SharedData.url("osm/monaco.osm.pbf").path],
            ["trips", "create", "fixture"],
            ["lists", "create", "fixture"],
            ["export", fixture.libraryExport],
        ] {
            _ = try fixture.run(setup)
        }
        let found = try JSONSerialization.jsonObject(with: Data(try fixture.run(["search", "Casino", "--json", "--limit", "1"]).utf8))
        guard let id = (found as? [[String: Any]])?.first?["id"] as? String else {
            throw FixtureError(description: "loci search Casino found no place in the Monaco store")
        }
        fixture = BadValueFixture(root: root, placeID: id)
        return fixture
    }

    /// Runs `loci arguments` in this folder and returns its standard output, or throws its error.
    private func run(_ arguments: [String]) throws -> String {
        let result = try LociProcess.run(arguments, environment: environment)
        guard result.status == 0 else {
            throw FixtureError(description: "loci \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    struct FixtureError: Error, CustomStringConvertible { let description: String }
}
