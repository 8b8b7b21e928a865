import GeoKit
import Testing

@testable import PlaceKit

@Suite("Buildings")
struct BuildingTests {
    let square = [
        Coordinate(uncheckedLatitude: 60.17, longitude: 24.94),
        Coordinate(uncheckedLatitude: 60.17, longitude: 24.941),
        Coordinate(uncheckedLatitude: 60.171, longitude: 24.941),
        Coordinate(uncheckedLatitude: 60.171, longitude: 24.94),
    ]

    @Test(
        "height values parse to metres",
        arguments: [
            ("12", 12.0), ("12 m", 12), ("12.5m", 12.5), ("12,5", 12.5), (" 7 metres ", 7),
            ("40 ft", 12.192), ("40ft", 12.192), ("10'", 3.048), ("10'6\"", 3.2004), ("0.5", 0.5),
        ] as [(String, Double)])
    func heights(text: String, metres: Double) throws {
        let parsed = try #require(Building.parseLength(text))
        #expect(abs(parsed - metres) < 1e-9)
    }

    @Test(
        "garbage heights are refused",
        arguments: [
            "", "tall", "3 floors", "10;12", "-5", "0", "1,200", "12 mm", "2000", "nan", "1e3", "12 m m",
        ])
    func garbageHeights(text: String) {
        #expect(Building.parseLength(text) == nil)
    }

    @Test("the height tag wins and the ring is closed")
    func heightTag() throws {
        let building = try #require(
            Building.fromOSM(
                type: .way, id: 45, footprint: square,
                tags: ["building": "yes", "height": "21.5", "building:levels": "5", "name": "Talo"]))
        #expect(building.id.rawValue == "osm:way/45")
        #expect(building.height == 21.5)
        #expect(building.heightSource == .heightTag)
        #expect(building.levels == 5)
        #expect(building.name == "Talo")
        #expect(building.footprint.count == 5)
        #expect(building.footprint.first == building.footprint.last)
    }

    @Test("levels give 3 m each, roof levels included")
    func levels() throws {
        let plain = try #require(
            Building.fromOSM(
                type: .way, id: 1, footprint: square,
                tags: ["building": "apartments", "building:levels": "6"]))
        #expect(plain.height == 18)
        #expect(plain.heightSource == .levels)
        let roofed = try #require(
            Building.fromOSM(
                type: .way, id: 2, footprint: square,
                tags: ["building": "yes", "building:levels": "4", "roof:levels": "1", "height": "tall"]))
        #expect(roofed.height == 15)
        #expect(roofed.heightSource == .levels)
    }

    @Test("min_height and building:min_level give the bottom")
    func minHeight() throws {
        let bridge = try #require(
            Building.fromOSM(
                type: .way, id: 3, footprint: square,
                tags: ["building:part": "yes", "height": "12", "min_height": "6 m"]))
        #expect(bridge.minHeight == 6)
        let levelled = try #require(
            Building.fromOSM(
                type: .way, id: 4, footprint: square,
                tags: ["building:part": "yes", "building:levels": "5", "building:min_level": "2"]))
        #expect(levelled.minHeight == 6)
        #expect(levelled.height == 15)
    }

    @Test("no usable tag means unknown height")
    func unknownHeight() throws {
        let building = try #require(
            Building.fromOSM(
                type: .way, id: 5, footprint: square, tags: ["building": "yes", "building:levels": "many"]))
        #expect(building.height == nil)
        #expect(building.heightSource == .unknown)
        #expect(building.levels == nil)
    }

    @Test("non-buildings and degenerate rings are refused")
    func refused() {
        #expect(Building.fromOSM(type: .way, id: 6, footprint: square, tags: ["building": "no"]) == nil)
        #expect(Building.fromOSM(type: .way, id: 7, footprint: square, tags: ["amenity": "cafe"]) == nil)
        #expect(
            Building.fromOSM(type: .way, id: 8, footprint: Array(square.prefix(2)), tags: ["building": "yes"])
                == nil)
    }
}
