import Foundation
import LibraryKit
import LociTestSupport
import Testing

@testable import LibraryExchange

/// The exports checked by the tools people use: the published XSDs through `xmllint --schema`,
/// and GPSBabel reading the waypoints back. CI installs both (`.ci/run`) and these tests fail there
/// without them; elsewhere they are skipped saying what to install.
@Suite("Exports against xmllint and GPSBabel")
struct ToolValidationTests {
    static func requireTool(_ tool: String, package: String) throws {
        try #require(hasTool(tool), "\(tool) is not installed: apt-get install \(package) (CI installs it)")
    }

    @Test(
        "The GPX export is valid GPX 1.1 (Topografix XSD)",
        .enabled(
            if: ExternalTool.shouldRun("xmllint"),
            Comment(rawValue: ExternalTool.missingMessage("xmllint", package: "libxml2-utils"))),
        .enabled(
            if: SharedData.has("schemas/gpx-1.1.xsd"),
            Comment(rawValue: SharedData.missingMessage("schemas/gpx-1.1.xsd"))))
    func gpxSchema() throws {
        try Self.requireTool("xmllint", package: "libxml2-utils")
        let file = try temporaryFile(
            "library.gpx", LibraryExchange.export(SampleLibrary.library, format: .gpx))
        let result = try runTool(
            "xmllint", ["--noout", "--schema", SharedData.url("schemas/gpx-1.1.xsd").path, file])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("validates"))
    }

    @Test(
        "The KML export is valid KML 2.2 (OGC XSD)",
        .enabled(
            if: ExternalTool.shouldRun("xmllint"),
            Comment(rawValue: ExternalTool.missingMessage("xmllint", package: "libxml2-utils"))),
        .enabled(
            if: SharedData.has("schemas/ogckml22.xsd"),
            Comment(rawValue: SharedData.missingMessage("schemas/ogckml22.xsd"))))
    func kmlSchema() throws {
        try Self.requireTool("xmllint", package: "libxml2-utils")
        let file = try temporaryFile(
            "library.kml", LibraryExchange.export(SampleLibrary.library, format: .kml))
        let result = try runTool(
            "xmllint", ["--noout", "--schema", SharedData.url("schemas/ogckml22.xsd").path, file])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("validates"))
    }

    @Test(
        "The schema check can fail: a waypoint without lat is refused by the same XSD",
        .enabled(
            if: ExternalTool.shouldRun("xmllint"),
            Comment(rawValue: ExternalTool.missingMessage("xmllint", package: "libxml2-utils"))),
        .enabled(
            if: SharedData.has("schemas/gpx-1.1.xsd"),
            Comment(rawValue: SharedData.missingMessage("schemas/gpx-1.1.xsd"))))
    func schemaCatchesErrors() throws {
        try Self.requireTool("xmllint", package: "libxml2-utils")
        var text = String(
            decoding: LibraryExchange.export(SampleLibrary.library, format: .gpx), as: UTF8.self)
        text = text.replacingOccurrences(of: "<wpt lat=", with: "<wpt latitude=")
        let file = try temporaryFile("broken.gpx", Array(text.utf8))
        let result = try runTool(
            "xmllint", ["--noout", "--schema", SharedData.url("schemas/gpx-1.1.xsd").path, file])
        #expect(result.status != 0)
    }

    /// GPSBabel's `unicsv` rows after the header `No,Latitude,Longitude,Name` (6 decimals), as
    /// latitude, longitude, name.
    static func gpsbabelWaypoints(_ format: String, _ file: String) throws -> [[String]] {
        let result = try runTool(
            "gpsbabel", ["-i", format, "-f", file, "-o", "unicsv,fields=lat+lon+name", "-F", "-"])
        #expect(result.status == 0, "\(result.err)")
        return result.out.split(whereSeparator: \.isNewline).dropFirst().map { line in
            line.split(separator: ",", maxSplits: 3).dropFirst().map {
                String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
        }
    }

    @Test(
        "GPSBabel reads the GPX and KML exports' waypoints back with their names and positions",
        .enabled(
            if: ExternalTool.shouldRun("gpsbabel"),
            Comment(rawValue: ExternalTool.missingMessage("gpsbabel", package: "gpsbabel"))),
        arguments: ["gpx", "kml"])
    func gpsbabel(format: String) throws {
        try Self.requireTool("gpsbabel", package: "gpsbabel")
        let library = SampleLibrary.library
        let file = try temporaryFile(
            "library.\(format)", LibraryExchange.export(library, format: ExchangeFormat(rawValue: format)!))
        let rows = try Self.gpsbabelWaypoints(format, file)
        let placed = library.bookmarks.filter { $0.coordinate != nil }
        #expect(rows.count == placed.count)
        for bookmark in placed {
            let row = try #require(
                rows.first { $0.count == 3 && $0[2].contains(bookmark.name.prefix(5)) },
                "\(bookmark.name) in \(rows)")
            #expect(abs(Double(row[0])! - bookmark.coordinate!.latitude) < 1e-6)
            #expect(abs(Double(row[1])! - bookmark.coordinate!.longitude) < 1e-6)
        }
    }

    @Test(
        "A GPX written by GPSBabel imports as custom bookmarks",
        .enabled(
            if: ExternalTool.shouldRun("gpsbabel"),
            Comment(rawValue: ExternalTool.missingMessage("gpsbabel", package: "gpsbabel"))))
    func foreignGPX() throws {
        try Self.requireTool("gpsbabel", package: "gpsbabel")
        let csv = try temporaryFile(
            "points.csv",
            Array("Latitude,Longitude,Name\n60.1699,24.9384,Senate Square\n60.2055,24.6559,Espoo\n".utf8))
        let out = (csv as NSString).deletingLastPathComponent + "/points.gpx"
        let result = try runTool("gpsbabel", ["-i", "unicsv", "-f", csv, "-o", "gpx,gpxver=1.1", "-F", out])
        #expect(result.status == 0, "\(result.err)")
        let library = try LibraryExchange.read(path: out, now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(library.bookmarks.map(\.name).sorted() == ["Espoo", "Senate Square"])
        #expect(library.bookmarks.allSatisfy { $0.place.provider == .custom })
        #expect(
            library.bookmarks.contains {
                $0.coordinate?.latitude == 60.1699 && $0.coordinate?.longitude == 24.9384
            })
    }
}
