import Foundation
import GeoKit
import LociTestSupport
import OSMKit
import PlaceImport
import PlaceKit
import PlaceStore
import Testing

@Suite("OSM import into the place store")
struct OSMPlaceImporterTests {
    static let extracts = [
        "osm/helsinki.osm.pbf", "osm/monaco.osm.pbf", "osm/baltimore.osm.pbf",
        "osm/nyc-lower-east-side.osm.pbf", "osm/nyc-west-village.osm.pbf",
    ]

    @Test(
        "each shared extract imports with counts that agree with OSMKit",
        .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("the OSM extracts"))),
        arguments: extracts)
    func importsExtract(_ extract: String) throws {
        let source = SharedData.url(extract)
        let directory = try TemporaryDirectory()
        let target = directory.path("places.sqlite")
        let result = try OSMPlaceImporter().import(from: source, into: target)
        let independent = try IndependentCounts.read(source)
        let statistics = try OSMFileStatistics.read(url: source)

        #expect(result.nodes == statistics.nodeCount)
        #expect(result.ways == statistics.wayCount)
        #expect(result.taggedElements == independent.taggedElements)
        #expect(result.places > 0)
        #expect(result.places <= independent.taggedElements)
        #expect(result.placesFromNodes == independent.nodePlaces)
        #expect(result.buildings + result.skipped.degenerateBuildings == independent.completeClosedBuildingWays)
        #expect(result.buildings <= independent.closedBuildingWays)
        #expect(result.buildings > 0)

        let store = try SQLitePlaceStore(path: target)
        let counts = try store.counts()
        #expect(counts.places == result.places)
        #expect(counts.buildings == result.buildings)
        #expect(try store.metadata("source") == source.lastPathComponent)
        #expect(try directory.contents() == ["places.sqlite"])
    }

    @Test(
        "Helsinki answers real queries: a name near the museum, a nearby list, the museum's footprint",
        .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("helsinki.osm.pbf"))))
    func helsinkiQueries() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("helsinki.sqlite")
        let result = try OSMPlaceImporter().import(from: SharedData.url("osm/helsinki.osm.pbf"), into: target)
        let store = try SQLitePlaceStore(path: target)
        #expect(result.buildings > 100)

        // Ateneum (the national gallery, way 8033120) from the railway square, 50–300 m away.
        let square = Coordinate(uncheckedLatitude: 60.1705, longitude: 24.9420)
        let ateneumID = PlaceID(osm: .way, id: 8_033_120)
        let found = try store.candidates(matching: "Ateneum", near: square, radius: 500)
        let ateneum = try #require(found.first { $0.place.id == ateneumID })
        #expect(ateneum.place.name == "Ateneum")
        #expect(ateneum.match == .prefix)
        let distance = try #require(ateneum.distance)
        #expect(distance > 50 && distance < 300)
        #expect(found.allSatisfy { ($0.distance ?? .infinity) <= 500 })
        // A query word is a prefix of a name word: "aten" finds it too.
        #expect(try store.candidates(matching: "aten", near: square, radius: 500).contains { $0.place.id == ateneumID })
        // Far away, the same words find nothing of it.
        let sydney = Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093)
        #expect(try store.candidates(matching: "Ateneum", near: sydney, radius: 1_000).isEmpty)

        // Around the museum: it is at distance 0, the list is nearest first and inside the radius.
        let nearby = try store.places(near: ateneum.place.coordinate, radius: 300)
        #expect(nearby.contains { $0.place.id == ateneumID && $0.distance < 0.01 })
        #expect(nearby.count > 10)
        #expect(nearby.allSatisfy { $0.distance <= 300 })
        #expect(zip(nearby, nearby.dropFirst()).allSatisfy { $0.distance <= $1.distance })

        // Its footprint is in the building index, found by a box around the place.
        let box = try BoundingBox.around(ateneum.place.coordinate, radius: 100)
        let footprint = try #require(try store.buildings(in: box).first { $0.id == ateneumID })
        #expect(footprint.footprint.count >= 4)
        #expect(footprint.footprint.first == footprint.footprint.last)

        // The base map's streets: stored with their class, found by a box around the museum.
        #expect(store.hasStreets)
        #expect(result.streets > 100)
        let streets = try store.streets(in: box)
        #expect(streets.contains { $0.kind == .major } && streets.contains { $0.kind == .path })
        #expect(streets.allSatisfy { $0.line.count >= 2 && $0.id.rawValue.hasPrefix("osm:way/") })
        #expect(try store.streets(in: BoundingBox(uncheckedSouth: 10, west: 10, north: 11, east: 11)).isEmpty)
    }

    @Test("OSM XML input imports nodes, way places and closed building ways")
    func xmlInput() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="test">
              <node id="1" lat="60.1700" lon="24.9400"><tag k="amenity" v="cafe"/><tag k="name" v="Café Uno"/></node>
              <node id="2" lat="60.1700" lon="24.9410"/>
              <node id="3" lat="60.1710" lon="24.9410"/>
              <node id="4" lat="60.1710" lon="24.9400"/>
              <node id="5" lat="60.1800" lon="24.9500"><tag k="highway" v="crossing_x"/></node>
              <way id="10">
                <nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
                <tag k="building" v="yes"/><tag k="tourism" v="museum"/><tag k="name" v="Museo"/>
                <tag k="building:levels" v="4"/>
              </way>
              <way id="11"><nd ref="2"/><nd ref="99"/><tag k="amenity" v="bench"/></way>
              <way id="12"><nd ref="2"/><nd ref="3"/><tag k="building" v="yes"/></way>
              <relation id="20"><member type="way" ref="10" role="outer"/><tag k="type" v="multipolygon"/><tag k="building" v="yes"/></relation>
            </osm>
            """
        let directory = try TemporaryDirectory()
        let input = directory.path("tiny.osm")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: input))
        let target = directory.path("tiny.sqlite")
        let result = try OSMPlaceImporter().import(from: URL(fileURLWithPath: input), into: target)
        #expect(result.placesFromNodes == 1)
        #expect(result.placesFromWays == 1)
        #expect(result.buildings == 1)
        #expect(result.skipped.waysWithMissingNodes == 1)
        #expect(result.skipped.openBuildingWays == 1)
        #expect(result.skipped.relations == 1)
        let store = try SQLitePlaceStore(path: target)
        let museum = try #require(try store.place(id: PlaceID(osm: .way, id: 10)))
        #expect(museum.category == "museum")
        #expect(abs(museum.coordinate.latitude - 60.1705) < 1e-9)
        #expect(abs(museum.coordinate.longitude - 24.9405) < 1e-9)
        let buildings = try store.buildings(in: .world)
        #expect(buildings.first?.height == 12)
        #expect(buildings.first?.footprint.count == 5)
    }
}
