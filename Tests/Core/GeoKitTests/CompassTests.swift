import Testing

@testable import GeoKit

@Suite("Compass text")
struct CompassTests {
    @Test(
        "eight-point names split sectors at 22.5 degrees",
        arguments: [
            (0.0, "north"), (22.4, "north"), (22.6, "northeast"), (45.0, "northeast"), (90.0, "east"),
            (200.0, "south"), (250.0, "west"), (315.0, "northwest"), (337.4, "northwest"), (337.6, "north"),
            (359.9, "north"), (-45.0, "northwest"), (810.0, "east"),
        ] as [(Double, String)])
    func eightPoint(bearing: Double, expected: String) {
        #expect(Compass.name(for: bearing) == expected)
    }

    @Test(
        "sixteen-point names include the secondary points",
        arguments: [
            (22.5, "north-northeast", "NNE"), (11.2, "north", "N"), (11.3, "north-northeast", "NNE"),
            (247.5, "west-southwest", "WSW"), (348.75, "north", "N"), (348.7, "north-northwest", "NNW"),
        ] as [(Double, String, String)])
    func sixteenPoint(bearing: Double, name: String, abbreviation: String) {
        #expect(Compass.name(for: bearing, resolution: .sixteen) == name)
        #expect(Compass.abbreviation(for: bearing, resolution: .sixteen) == abbreviation)
    }

    @Test("describes a distance and direction as a person would say it")
    func describes() {
        #expect(Compass.describe(distance: 352, bearing: 44) == "350 m northeast")
        #expect(Compass.describe(distance: 8.4, bearing: 180) == "8 m south")
        #expect(
            Compass.describe(distance: 2_440, bearing: 200, resolution: .sixteen) == "2.4 km south-southwest")
        #expect(Compass.describe(distance: 123_456, bearing: 270) == "123 km west")
        #expect(Compass.describe(distance: 0.3, bearing: 10) == "here")
        #expect(Compass.describe(distance: 998, bearing: 0) == "1.0 km north")
        #expect(Compass.name(for: .nan) == nil)
    }
}
