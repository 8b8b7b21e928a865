import Foundation
import GeoKit
import PlaceFiles
import ProximityKit
import Testing

@Suite("Reading place files by content")
struct PlaceFileReaderTests {
    @Test("a geojson.io FeatureCollection reads to exactly the places of the track's Loci JSON")
    func geoJSONFixture() throws {
        let file = try PlaceFileReader.read(PlaceFileFixtures.data("walk-kallio-to-market.places.geojson"))
        let set = try PlaceFileFixtures.placeSet("walk-kallio-to-market")
        #expect(file.format == .geoJSON)
        #expect(file.trip == nil)
        #expect(file.places == set.places)
        #expect(file.places.count == 12)
    }

    @Test("OsmAnd-style GPX waypoints read to exactly the places of the track's Loci JSON")
    func gpxFixture() throws {
        let file = try PlaceFileReader.read(PlaceFileFixtures.data("drive-across-town.places.gpx"))
        let set = try PlaceFileFixtures.placeSet("drive-across-town")
        #expect(file.format == .gpx)
        #expect(file.places == set.places)
        #expect(file.places.count == 14)
    }

    @Test("Loci JSON reads with its trip, as PlaceSet does")
    func lociJSON() throws {
        let data = try Data(contentsOf: PlaceFileFixtures.tracks.appendingPathComponent("commuter-day.places.json"))
        let file = try PlaceFileReader.read(data)
        let set = try PlaceSet(json: data)
        #expect(file.format == .lociJSON)
        #expect(file.trip == set.trip)
        #expect(file.trip?.quietHours == QuietHours(start: 22 * 60, end: 7 * 60))
        #expect(file.places == set.places)
    }

    @Test("the format comes from the content: leading space, a byte-order mark, and no help from a name")
    func detection() throws {
        let geo = #" {"type": "FeatureCollection", "features": []}"#
        let gpx = "\u{FEFF}\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt></gpx>"
        let loci = #"{"places": [], "trip": {"name": "T"}}"#
        #expect(PlaceFileFormat.detect(Data(geo.utf8)) == .geoJSON)
        #expect(PlaceFileFormat.detect(Data(gpx.utf8)) == .gpx)
        #expect(PlaceFileFormat.detect(Data(loci.utf8)) == .lociJSON)
        #expect(PlaceFileFormat.detect(Data("name,lat,lon\n".utf8)) == nil)
        #expect(try PlaceFileReader.read(Data(gpx.utf8)).places.map(\.name) == ["A"])
    }

    @Test("GeoJSON properties: radius_m, note, category, hours; id from the feature, else properties, else the position")
    func geoJSONProperties() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 42, "geometry": {"type": "Point", "coordinates": [24.94, 60.17, 12]},
               "properties": {"name": "Regatta", "radius_m": 150, "note": "cinnamon buns", "category": "cafe",
                              "opening_hours": "Mo-Su 08:00-21:00", "id": "ignored"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.95, 60.18]},
               "properties": {"name": "Kiasma", "id": "museum-1", "radius_m": null}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9512345678, 60.1812345678]},
               "properties": {"name": "Bench"}}
            ]}
            """
        let places = try PlaceFileReader.read(Data(text.utf8)).places
        #expect(places.map(\.id) == ["42", "museum-1", "custom:60.181235,24.951235"])
        #expect(places[0].alertRadius == 150)
        #expect(places[0].note == "cinnamon buns")
        #expect(places[0].category == "cafe")
        #expect(places[0].openingHours?.raw == "Mo-Su 08:00-21:00")
        #expect(places[0].coordinate == (try Coordinate(latitude: 60.17, longitude: 24.94)))
        #expect(places[1].alertRadius == nil)
        #expect(places.allSatisfy { $0.tripID == PlaceFile.fileTripID })
    }

    @Test("a file without a trip replays under the default trip; a Loci JSON file under its own")
    func defaultTrip() throws {
        let geo = try PlaceFileReader.read(PlaceFileFixtures.data("walk-kallio-to-market.places.geojson"))
        let trip = geo.trip(orDefaultNamed: "walk")
        #expect(trip == Trip(id: "file", name: "walk", alertRadius: 500, timeZone: "UTC"))
        let set = try PlaceFileFixtures.placeSet("walk-kallio-to-market")
        let loci = try PlaceFileReader.read(PlaceSet(trip: set.trip, places: set.places).json())
        #expect(loci.trip(orDefaultNamed: "walk") == set.trip)
    }
}
