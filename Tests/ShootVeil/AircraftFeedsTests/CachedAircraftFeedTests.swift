import Foundation
import GeoKit
import IdentifyKit
import LockedState
import Testing

/// A feed that counts its fetches and answers with a snapshot stamped with the fetch number.
final class CountingFeed: AircraftFeedSource {
    let name = "counting"
    let fetches = Locked(0)
    let failing: Bool

    init(failing: Bool = false) { self.failing = failing }

    func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        let count = fetches.withLock { value -> Int in
            value += 1
            return value
        }
        if failing { throw AircraftFeedSourceError(feed: name, .http(status: 503)) }
        return AircraftSnapshot(time: Double(count), aircraft: [])
    }
}

/// A clock tests step by hand.
final class StepClock: Sendable {
    let now = Locked(1_000.0)
    func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    var read: @Sendable () -> Double { { [now] in now.withLock { $0 } } }
}

@Suite("The aircraft feed cache")
struct CachedAircraftFeedTests {
    static var area: AircraftFeedArea {
        get throws { AircraftFeedArea(around: try Coordinate(latitude: 33.6846, longitude: -117.8265), radius: 100_000) }
    }

    @Test("a second tap within the lifetime is served without a second fetch; after it, the feed is asked again")
    func servesThenExpires() async throws {
        let feed = CountingFeed()
        let clock = StepClock()
        let cache = CachedAircraftFeed(feed, lifetime: 5, clock: clock.read)
        let first = try await cache.snapshot(in: try Self.area)
        clock.advance(4.9)
        let second = try await cache.snapshot(in: try Self.area)
        #expect(feed.fetches.withLock { $0 } == 1)
        #expect(second == first)
        clock.advance(0.1)
        let third = try await cache.snapshot(in: try Self.area)
        #expect(feed.fetches.withLock { $0 } == 2)
        #expect(third.time == 2)
    }

    @Test("another area is another entry; a nearby tap in the same cell shares the entry")
    func keyedByArea() async throws {
        let feed = CountingFeed()
        let cache = CachedAircraftFeed(feed, clock: StepClock().read)
        _ = try await cache.snapshot(in: try Self.area)
        let near = AircraftFeedArea(around: try Coordinate(latitude: 33.70, longitude: -117.80), radius: 100_000)
        _ = try await cache.snapshot(in: near)
        #expect(near == (try Self.area))
        #expect(feed.fetches.withLock { $0 } == 1)
        let far = AircraftFeedArea(around: try Coordinate(latitude: 40.73, longitude: -74.0), radius: 100_000)
        _ = try await cache.snapshot(in: far)
        #expect(feed.fetches.withLock { $0 } == 2)
    }

    @Test("a failure is not kept: the next tap asks the feed again")
    func failuresAreNotCached() async throws {
        let feed = CountingFeed(failing: true)
        let cache = CachedAircraftFeed(feed, clock: StepClock().read)
        for _ in 0..<2 {
            await #expect(throws: AircraftFeedSourceError(feed: "counting", .http(status: 503))) {
                try await cache.snapshot(in: try Self.area)
            }
        }
        #expect(feed.fetches.withLock { $0 } == 2)
    }

    @Test("a clock that went back expires the entry")
    func clockGoingBack() async throws {
        let feed = CountingFeed()
        let clock = StepClock()
        let cache = CachedAircraftFeed(feed, lifetime: 5, clock: clock.read)
        _ = try await cache.snapshot(in: try Self.area)
        clock.advance(-1)
        _ = try await cache.snapshot(in: try Self.area)
        #expect(feed.fetches.withLock { $0 } == 2)
    }

    @Test("the area's box holds the radius around every point of its cell")
    func boxCoversTheRadius() throws {
        for (lat, lon) in [(33.6846, -117.8265), (60.17, 24.94), (-33.9, 151.2), (0.01, 0.01)] {
            let point = try Coordinate(latitude: lat, longitude: lon)
            let area = AircraftFeedArea(around: point, radius: 100_000)
            let box = area.box
            for bearing in stride(from: 0.0, to: 360, by: 45) {
                let edge = try Spherical.destination(from: point, bearing: bearing, distance: 100_000)
                #expect((box.south...box.north).contains(edge.latitude), "\(lat),\(lon) bearing \(bearing)")
                #expect((box.west...box.east).contains(edge.longitude), "\(lat),\(lon) bearing \(bearing)")
            }
            // Small enough for OpenSky's cheapest request (under 25 square degrees) at mid-latitudes.
            #expect((box.north - box.south) * (box.east - box.west) < 25 || abs(lat) > 50)
        }
    }
}
