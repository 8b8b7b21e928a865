import Foundation
import Testing

/// Reference values from GeographicLib 2.1 (Python), not from Loci.
private enum Reference {
    static let sydneyToHeathrowMetres = 17_010_080.137537323
    static let sydneyToHeathrowAzimuth = -40.5469258468475
    static let directLatitude = -33.85362482591391
    static let directLongitude = 151.20235914988854
    static let directFinalAzimuth = -44.995743134802055
}

@Suite("loci geo, run as a process")
struct GeoCommandTests {
    @Test("the root help lists the geo and bench commands")
    func helpListsCommands() throws {
        let result = try LociProcess.run("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("geo"))
        #expect(result.stdout.contains("bench"))
    }

    @Test("inverse --json agrees with GeographicLib and uses its field names")
    func inverseJSON() throws {
        let result = try LociProcess.run("geo", "inverse", "-33.86,151.21", "51.47,-0.45", "--json")
        #expect(result.status == 0)
        let json = try result.json()
        let distance = try #require(json["distance_m"] as? Double)
        #expect(abs(distance - Reference.sydneyToHeathrowMetres) < 0.001)
        #expect((json["s12"] as? Double) == distance)
        let azimuth = try #require(json["azi1"] as? Double)
        #expect(abs(azimuth - Reference.sydneyToHeathrowAzimuth) < 1e-9)
        #expect(json["azi2"] is Double && json["haversine_m"] is Double)
    }

    @Test("direct --json lands where GeographicLib does, with negative arguments")
    func directJSON() throws {
        let result = try LociProcess.run("geo", "direct", "-33.86,151.21", "-45", "1000", "--json")
        #expect(result.status == 0)
        let json = try result.json()
        let lat = try #require(json["lat2"] as? Double)
        let lon = try #require(json["lon2"] as? Double)
        #expect(abs(lat - Reference.directLatitude) < 1e-9 && abs(lon - Reference.directLongitude) < 1e-9)
        let azi2 = try #require(json["azi2"] as? Double)
        #expect(abs(azi2 - Reference.directFinalAzimuth) < 1e-9)
    }

    @Test("tile --json contains the point, and its id reads back to the same tile")
    func tileRoundTrip() throws {
        let first = try LociProcess.run("geo", "tile", "60.1699,24.9384", "--json")
        #expect(first.status == 0)
        let json = try first.json()
        let id = try #require(json["tile_id"] as? String)
        let bounds = try #require(json["bounds"] as? [String: Double])
        let (south, north) = (try #require(bounds["south"]), try #require(bounds["north"]))
        let (west, east) = (try #require(bounds["west"]), try #require(bounds["east"]))
        #expect(south <= 60.1699 && 60.1699 <= north && west <= 24.9384 && 24.9384 <= east)
        // A ≈150 m cell: about 0.00135° of latitude.
        #expect(abs((north - south) * 111_195 - 150) < 15)
        let raw = try #require(json["raw"] as? UInt64)
        for form in [id, String(raw), id.lowercased()] {
            let again = try LociProcess.run("geo", "tile", form, "--json")
            #expect(again.status == 0)
            #expect((try again.json()["tile_id"] as? String) == id)
        }
        let parent = try LociProcess.run("geo", "tile", "60.1699,24.9384", "--level", "1", "--json")
        #expect((try parent.json()["tile_id"] as? String) == json["parent"] as? String)
    }

    @Test(
        "bad input gets one clear line and a non-zero exit",
        arguments: [
            (["geo", "inverse", "91,0", "0,0"], "latitude 91.0 is outside"),
            (["geo", "inverse", "1,2"], "expected LAT,LON LAT,LON"),
            (["geo", "inverse", "1,2", "3,4", "--jsn"], "unknown option '--jsn'"),
            (["geo", "direct", "0,0", "nan", "5"], "azimuth: 'nan' is not a finite number"),
            (["geo", "tile", "ZZZZ"], "13"),
            (["geo", "tile", "0003CPT0029S!"], "position 13"),
            (["geo", "tile", "1,2", "--level", "9"], "level 9"),
            (["geo", "tile", "1,2", "--base-edge", "-5"], "--base-edge"),
        ] as [([String], String)])
    func badInput(arguments: [String], message: String) throws {
        let result = try LociProcess.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        #expect(result.stdout.isEmpty)
    }
}
