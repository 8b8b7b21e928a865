import Foundation
import GeoKit
import Testing
@testable import WrappedKit

@Suite("Place clustering")
struct PlaceClustererTests {
    let cafe = Coordinate(uncheckedLatitude: 60.1841, longitude: 24.9503)
    let island = Coordinate(uncheckedLatitude: 60.1454, longitude: 24.9881)

    func resolve(_ assets: [PhotoAsset]) -> [ResolvedPhoto] {
        let resolver = LocalTimeResolver(lookup: nil, deviceZone: TimeZone(identifier: "UTC")!)
        var zones: [String: TimeZone] = [:]
        return assets.compactMap { resolver.resolve($0, zones: &zones) }
    }

    @Test("the significance threshold is floor(log2 N) + 1, at least 3", arguments: [(0, 3), (1, 3), (7, 3), (8, 4), (1_000, 10), (10_000, 14), (1 << 20, 21)])
    func threshold(n: Int, expected: Int) {
        #expect(PlaceClusterer.significanceThreshold(locatedPhotos: n) == expected)
    }

    @Test("a café on 40 days outranks a 400-photo afternoon (distinct days first)")
    func daysBeforePhotos() throws {
        var assets: [PhotoAsset] = []
        for day in 0..<40 {
            let date = LocalDate(year: 2025, month: 1, day: 1)!.adding(days: day * 7)
            let spot = Library.offset(cafe, north: Double(day % 5) * 4, east: Double(day % 3) * 4)
            assets.append(Library.photo("cafe-\(day)", "\(date) 09:15:00", spot.latitude, spot.longitude))
        }
        for i in 0..<400 {
            let spot = Library.offset(island, north: Double(i % 20) * 2, east: Double(i / 20) * 2)
            assets.append(Library.photo("island-\(i)", "2025-06-21 14:\(LocalDate.pad(i / 10 % 60, 2)):\(LocalDate.pad(i % 60, 2))", spot.latitude, spot.longitude))
        }
        let places = PlaceClusterer().places(in: resolve(assets))
        #expect(places.count == 2)
        let first = try #require(places.first)
        #expect(first.distinctDays == 40)
        #expect(first.photoCount == 40)
        #expect(Haversine.distance(first.centroid, cafe) < 30)
        #expect(places[1].photoCount == 400)
        #expect(places[1].distinctDays == 1)
    }

    @Test("a continuous 3 km walk is not chained into one place; every place stays within the cap")
    func antiChaining() {
        var assets: [PhotoAsset] = []
        for i in 0..<100 {  // a photo every 30 m along a straight 3 km street, one afternoon
            let spot = Library.offset(cafe, north: Double(i) * 30 * 0.6, east: Double(i) * 30 * 0.8)
            assets.append(Library.photo("walk-\(i)", "2025-05-02 15:\(LocalDate.pad(i / 2 % 60, 2)):\(LocalDate.pad(i % 2 * 30, 2))", spot.latitude, spot.longitude))
        }
        let clusterer = PlaceClusterer()
        let places = clusterer.places(in: resolve(assets))
        #expect(places.count >= 4)
        for place in places { #expect(place.radius <= clusterer.maximumRadius + clusterer.cellSize) }
        #expect(places.reduce(0) { $0 + $1.photoCount } <= 100)
    }

    @Test("clusters below the threshold are not places; photos without a location are ignored")
    func belowThreshold() {
        var assets = (0..<2).map { Library.photo("pair-\($0)", "2025-03-0\($0 + 1) 10:00:00", 48.8584, 2.2945) }
        assets += (0..<5).map { Library.photo("none-\($0)", "2025-03-0\($0 + 1) 10:00:00", nil, nil) }
        #expect(PlaceClusterer().places(in: resolve(assets)).isEmpty)
    }

    @Test("a place astride the antimeridian is one place with its centroid on the line")
    func antimeridian() throws {
        let assets = (0..<10).map { i in
            Library.photo("fiji-\(i)", "2025-08-0\(i % 9 + 1) 12:00:00", -16.5, i.isMultiple(of: 2) ? 179.9997 : -179.9997)
        }
        let places = PlaceClusterer().places(in: resolve(assets))
        let place = try #require(places.first)
        #expect(places.count == 1)
        #expect(place.photoCount == 10)
        #expect(abs(abs(place.centroid.longitude) - 180) < 0.001)
    }

    @Test("ids are stable for the same photos and hidden ids are marked")
    func stableIDs() throws {
        let assets = (0..<6).map { Library.photo("p\($0)", "2025-04-0\($0 + 1) 08:00:00", 41.8902, 12.4922) }
        let first = PlaceClusterer().places(in: resolve(assets))
        let id = try #require(first.first?.id)
        let again = PlaceClusterer().places(in: resolve(assets.reversed()), hidden: [id])
        #expect(again.first?.id == id)
        #expect(again.first?.isHidden == true)
    }

    @Test("representatives are evenly spaced: floor(i·(n−1)/(K−1)) of the time-sorted photos")
    func representatives() {
        let photos = resolve((0..<100).map { Library.photo("r\(LocalDate.pad($0, 3))", "2025-01-01 00:\(LocalDate.pad($0 / 60, 2)):\(LocalDate.pad($0 % 60, 2))", nil, nil) })
        let picked = Representatives.evenlySpaced(photos.shuffled(), count: 9).map(\.asset.id)
        #expect(picked == [0, 12, 24, 37, 49, 61, 74, 86, 99].map { "r\(LocalDate.pad($0, 3))" })
        #expect(Representatives.evenlySpaced(Array(photos.prefix(5)), count: 9).count == 5)
    }
}
