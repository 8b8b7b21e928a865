import GeoKit
import PlaceKit
import Testing

/// Streets for the base map: which `highway` values are drawn, and line simplification.
@Suite("Streets")
struct StreetTests {
    @Test("highway values map to their class; non-streets are not drawn")
    func kinds() {
        #expect(Street.Kind(highway: "primary") == .major)
        #expect(Street.Kind(highway: "residential") == .minor)
        #expect(Street.Kind(highway: "footway") == .path)
        #expect(Street.Kind(highway: "bus_stop") == nil)
        #expect(Street.Kind(highway: "proposed") == nil)
        #expect(Street.fromOSM(type: .way, id: 1, line: [], tags: ["highway": "primary"]) == nil)
        #expect(Street.fromOSM(type: .way, id: 1, line: Self.bent, tags: ["building": "yes"]) == nil)
    }

    /// Five points east along 60° N, then a right-angle turn north: the middle three are within
    /// centimetres of the straight line, the corner is 100 m off it.
    static let bent: [Coordinate] = [
        Coordinate(uncheckedLatitude: 60, longitude: 24.000), Coordinate(uncheckedLatitude: 60.0000001, longitude: 24.001),
        Coordinate(uncheckedLatitude: 60, longitude: 24.002), Coordinate(uncheckedLatitude: 59.9999999, longitude: 24.003),
        Coordinate(uncheckedLatitude: 60, longitude: 24.004), Coordinate(uncheckedLatitude: 60.0009, longitude: 24.004),
    ]

    @Test("simplification drops near-collinear vertices and keeps corners and ends")
    func simplify() throws {
        let street = try #require(Street.fromOSM(type: .way, id: 7, line: Self.bent, tags: ["highway": "residential"]))
        #expect(street.id.rawValue == "osm:way/7")
        #expect(street.line == [Self.bent[0], Self.bent[4], Self.bent[5]])
        // A vertex 2 m off the line is kept at 0.5 m tolerance.
        var wiggle = Self.bent
        wiggle[2] = Coordinate(uncheckedLatitude: 60.000018, longitude: 24.002)
        #expect(Street.simplify(wiggle, tolerance: Street.simplificationTolerance).contains(wiggle[2]))
    }
}
