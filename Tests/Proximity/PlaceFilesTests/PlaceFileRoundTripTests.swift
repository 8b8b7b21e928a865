import Foundation
import GeoKit
import PlaceFiles
import PlaceKit
import ProximityKit
import Testing

@Suite("Writing place files and reading them back")
struct PlaceFileRoundTripTests {
    static let trip = Trip(
        id: "file", name: "Helsinki <& \"friends\">", startDate: "2025-06-16", endDate: "2025-06-22", alertRadius: 300,
        quietHours: QuietHours(start: 22 * 60, end: 7 * 60), timeZone: "Europe/Helsinki")

    static func places() throws -> [SavedPlace] {
        [
            SavedPlace(
                id: "osm:node/1", tripID: "file", name: "Café <Regatta> & \"Sons\"", coordinate: try Coordinate(latitude: 60.1830425, longitude: 24.9117881),
                category: "cafe", openingHours: OpeningHours("Mo-Su 08:00-21:00"), alertRadius: 150, note: "cinnamon buns; ask for 'the' window"),
            SavedPlace(id: "custom:60.170000,24.950000", tripID: "file", name: "Kiasma", coordinate: try Coordinate(latitude: 60.17, longitude: 24.95)),
            SavedPlace(
                id: "tiny", tripID: "file", name: "Near the meridian", coordinate: try Coordinate(latitude: -0.000001, longitude: 1e-7),
                alertRadius: 50.5, note: "Ünïcødé ✓"),
        ]
    }

    @Test("every format reads back to the same places", arguments: PlaceFileFormat.allCases)
    func roundTrip(format: PlaceFileFormat) throws {
        let places = try Self.places()
        let data = PlaceFileWriter.write(places, of: Self.trip, as: format)
        let file = try PlaceFileReader.read(data)
        #expect(file.format == format)
        #expect(file.places == places)
        #expect(PlaceFileWriter.write(file.places, of: Self.trip, as: format) == data, "writing is deterministic")
    }

    @Test("Loci JSON keeps the trip's settings; GeoJSON and GPX carry none")
    func tripSettings() throws {
        let places = try Self.places()
        #expect(try PlaceFileReader.read(PlaceFileWriter.write(places, of: Self.trip, as: .lociJSON)).trip == Self.trip)
        #expect(try PlaceFileReader.read(PlaceFileWriter.write(places, of: Self.trip, as: .geoJSON)).trip == nil)
        #expect(try PlaceFileReader.read(PlaceFileWriter.write(places, of: Self.trip, as: .gpx)).trip == nil)
    }

    @Test("the committed GeoJSON and GPX fixtures convert to each other without loss")
    func fixturesConvert() throws {
        for fixture in ["walk-kallio-to-market.places.geojson", "drive-across-town.places.gpx"] {
            let read = try PlaceFileReader.read(PlaceFileFixtures.data(fixture))
            for format in PlaceFileFormat.allCases {
                let again = try PlaceFileReader.read(PlaceFileWriter.write(read.places, of: Trip(id: "file", name: "x"), as: format))
                #expect(again.places == read.places, "\(fixture) as \(format)")
            }
        }
    }

    @Test("the GPX written is plain GPX 1.1: decimals without exponents, Loci's fields in its own namespace")
    func gpxShape() throws {
        let text = String(decoding: PlaceFileWriter.write(try Self.places(), of: Self.trip, as: .gpx), as: UTF8.self)
        #expect(text.contains(#"<gpx version="1.1" creator="Loci" xmlns="http://www.topografix.com/GPX/1/1""#))
        #expect(text.contains(#"<wpt lat="-0.000001" lon="0.0000001">"#))
        #expect(text.contains("<loci:radius_m>150.0</loci:radius_m>"))
        #expect(text.contains("<type>cafe</type>"))
        #expect(!text.contains("e-"))
        #expect(text.contains("<metadata><name>Helsinki &lt;&amp; &quot;friends&quot;&gt;</name></metadata>"))
    }

    @Test("export chooses a format from the file name: .geojson, .gpx, else Loci JSON")
    func formatFromName() {
        #expect(PlaceFileFormat(pathExtension: "GeoJSON") == .geoJSON)
        #expect(PlaceFileFormat(pathExtension: "gpx") == .gpx)
        #expect(PlaceFileFormat(pathExtension: "json") == .lociJSON)
        #expect(PlaceFileFormat(pathExtension: "") == .lociJSON)
    }
}
