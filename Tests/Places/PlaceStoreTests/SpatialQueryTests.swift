import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import PlaceStore
import Testing

@Suite("R*Tree queries against brute force")
struct SpatialQueryTests {
    /// Random places in three regions: anywhere, near the antimeridian, near both poles.
    static func randomPlaces(seed: UInt64, count: Int) -> [Place] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let coordinate: Coordinate
            switch index % 4 {
            case 0: coordinate = generator.coordinate()
            case 1:
                let longitude = Double.random(in: 179.0...180.0, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
                coordinate = Coordinate(
                    uncheckedLatitude: Double.random(in: -60...60, using: &generator), longitude: longitude)
            case 2: coordinate = generator.coordinate(latitudes: 89.0...90.0)
            default: coordinate = generator.coordinate(latitudes: -90.0 ... -89.0)
            }
            let category = ["cafe", "restaurant", "pharmacy"][index % 3]
            return StoreFixtures.place(Int64(index + 1), "Place \(index)", coordinate.latitude, coordinate.longitude, category: category)
        }
    }

    @Test("near queries return exactly the brute-force set, by exact distance, at the antimeridian and poles")
    func nearMatchesBruteForce() throws {
        let directory = try TemporaryDirectory()
        let places = Self.randomPlaces(seed: 42, count: 4_000)
        let store = try StoreFixtures.store(places, in: directory)
        var generator = SeededGenerator(seed: 7)
        let centers: [Coordinate] = [
            Coordinate(uncheckedLatitude: 0, longitude: 179.9), Coordinate(uncheckedLatitude: 10, longitude: -179.95),
            Coordinate(uncheckedLatitude: 89.9, longitude: 0), Coordinate(uncheckedLatitude: -89.5, longitude: 120),
            Coordinate(uncheckedLatitude: 90, longitude: 0),
        ] + (0..<20).map { _ in generator.coordinate() }
        for center in centers {
            for radius in [5_000.0, 50_000, 300_000] {
                let expected = places
                    .map { ($0.id, Haversine.distance(center, $0.coordinate)) }
                    .filter { $0.1 <= radius }
                    .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                let found = try store.places(near: center, radius: radius, limit: 10_000)
                #expect(found.map(\.place.id) == expected.map(\.0), "centre \(center), radius \(radius)")
                #expect(found.map(\.distance) == expected.map(\.1))
            }
        }
    }

    @Test("category filters and limits keep the nearest matching places")
    func categoriesAndLimit() throws {
        let directory = try TemporaryDirectory()
        let places = Self.randomPlaces(seed: 3, count: 2_000)
        let store = try StoreFixtures.store(places, in: directory)
        let center = Coordinate(uncheckedLatitude: 89.5, longitude: 10)
        let expected = places.filter { $0.category == "pharmacy" }
            .map { ($0.id, Haversine.distance(center, $0.coordinate)) }
            .filter { $0.1 <= 200_000 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5)
        let found = try store.places(near: center, radius: 200_000, categories: ["pharmacy"], limit: 5)
        #expect(!found.isEmpty)
        #expect(found.map(\.place.id) == expected.map(\.0))
    }

    @Test("box edges equal to float64 coordinates that float32 cannot hold still include the point")
    func float32BoxesMissNothing() throws {
        let directory = try TemporaryDirectory()
        // 60.1234567 and 24.7654321 are not representable in float32; neighbours 1e-7° away are outside.
        let inside = StoreFixtures.place(1, "Inside", 60.123_456_7, 24.765_432_1)
        let north = StoreFixtures.place(2, "North", 60.123_456_8, 24.765_432_1)
        let east = StoreFixtures.place(3, "East", 60.123_456_7, 24.765_432_2)
        let store = try StoreFixtures.store([inside, north, east], in: directory)
        let box = try BoundingBox(south: 60.123_456_7, west: 24.765_432_1, north: 60.123_456_7, east: 24.765_432_1)
        #expect(try store.places(in: box).map(\.id) == [inside.id])
        let near = try store.places(near: inside.coordinate, radius: 0)
        #expect(near.map(\.place.id) == [inside.id])
        #expect(near.first?.distance == 0)
    }

    @Test("boxes across the antimeridian find places on both sides")
    func wrappingBox() throws {
        let directory = try TemporaryDirectory()
        let west = StoreFixtures.place(1, "Fiji East", -17, 179.5)
        let east = StoreFixtures.place(2, "Fiji West", -17, -179.5)
        let far = StoreFixtures.place(3, "Greenwich", 51.48, 0)
        let store = try StoreFixtures.store([west, east, far], in: directory)
        let box = try BoundingBox(south: -18, west: 179, north: -16, east: -179)
        #expect(Set(try store.places(in: box).map(\.id)) == [west.id, east.id])
        #expect(try store.places(in: .world).count == 3)
    }

    @Test("a negative radius is a typed error")
    func negativeRadius() throws {
        let directory = try TemporaryDirectory()
        let store = try StoreFixtures.store([], in: directory)
        let center = Coordinate(uncheckedLatitude: 0, longitude: 0)
        #expect(throws: PlaceStoreError.self) { try store.places(near: center, radius: -1) }
        #expect(throws: PlaceStoreError.self) { try store.places(near: center, radius: .nan) }
    }
}
