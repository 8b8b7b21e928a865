import GeoKit
import LociTestSupport
import Testing

@testable import PlaceImport

@Suite("Node coordinate table and way centroids")
struct NodeCoordinateTableTests {
    @Test("unsorted ids are found after sealing, at 1e-7 degree precision")
    func unsortedLookup() {
        var generator = SeededGenerator(seed: 11)
        var table = NodeCoordinateTable()
        var expected: [Int64: (Double, Double)] = [:]
        for id in (1...5_000).map({ Int64($0) * 3 }).shuffled(using: &generator) {
            let point = generator.coordinate()
            table.append(id: id, latitude: point.latitude, longitude: point.longitude)
            expected[id] = (point.latitude, point.longitude)
        }
        table.seal()
        #expect(table.count == 5_000)
        for (id, (latitude, longitude)) in expected {
            let found = table.coordinate(of: id)
            #expect(abs((found?.latitude ?? .nan) - latitude) <= 0.5e-7)
            #expect(abs((found?.longitude ?? .nan) - longitude) <= 0.5e-7)
        }
        #expect(table.coordinate(of: 4) == nil)
        #expect(table.coordinate(of: -1) == nil)
        #expect(table.memoryBytes >= 16 * 5_000)
    }

    @Test("a way across the antimeridian has its centroid near ±180, not near 0")
    func antimeridianCentroid() throws {
        let points = [(10.0, 179.0), (10.0, -179.0), (12.0, -179.0), (12.0, 179.0)].map {
            Coordinate(uncheckedLatitude: $0.0, longitude: $0.1)
        }
        let centre = try #require(ImportRun.centroid(points))
        #expect(abs(centre.latitude - 11) < 1e-12)
        #expect(abs(abs(centre.longitude) - 180) < 1e-9)
        #expect(ImportRun.centroid([]) == nil)
    }
}
