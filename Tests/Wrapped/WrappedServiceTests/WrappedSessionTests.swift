import Foundation
import GeoKit
import Synchronization
import Testing
import WrappedKit

@testable import WrappedService

/// A year in two cities, in memory: 30 photos in Kallio over six days, 12 in Tampere over two.
enum TwoCities {
    static func asset(_ id: String, day: Int, hour: Int, _ lat: Double, _ lon: Double) -> PhotoAsset {
        let date = LocalDate(year: 2025, month: 6, day: day)
        let wall = date.flatMap { LocalDateTime(date: $0, hour: hour, minute: 0, second: 0) }
        return PhotoAsset(
            id: id, captureTime: wall.map { .wallClock($0, offsetSeconds: 3 * 3_600) },
            coordinate: try? Coordinate(latitude: lat, longitude: lon))
    }

    static let assets: [PhotoAsset] =
        (0..<30).map {
            asset(
                "kallio-\($0)", day: 1 + $0 % 6, hour: 10 + $0 % 8, 60.1841 + Double($0 % 3) * 1e-4, 24.9503)
        }
        + (0..<12).map {
            asset("tampere-\($0)", day: 20 + $0 % 2, hour: 12, 61.4978, 23.7610 + Double($0 % 3) * 1e-4)
        }

    static let june = LocalDate(year: 2025, month: 1, day: 1)!...LocalDate(year: 2025, month: 12, day: 31)!
}

/// Labels by latitude, counting how often it was loaded.
struct CityLookup: PlaceLookup {
    func timeZoneIdentifier(at coordinate: Coordinate) -> String? { "Europe/Helsinki" }
    func label(at coordinate: Coordinate) -> PlaceLabel? {
        PlaceLabel(text: coordinate.latitude < 61 ? "Kallio, Helsinki" : "Tampere", confidence: .high)
    }
}

/// Events a session reported, in order.
final class EventLog: Sendable {
    private let events = Mutex<[WrappedSessionEvent]>([])
    let lookupLoads = Atomic<Int>(0)

    @Sendable func record(_ event: WrappedSessionEvent) { events.withLock { $0.append(event) } }

    var all: [WrappedSessionEvent] { events.withLock { $0 } }

    /// The events as short names, in order (scan progress collapsed to one "scanning").
    var names: [String] {
        var names: [String] = []
        for event in all {
            let name: String =
                switch event {
                case .cacheHit(let count): "hit(\(count))"
                case .labelsUnavailable: "labelsUnavailable"
                case .scanning: "scanning"
                case .scanFinished: "scanFinished"
                case .engine(.timeStats): "timeStats"
                case .engine(.places): "places"
                case .engine(.labels): "labels"
                case .engine(.deck): "deck"
                case .cacheNotWritten: "cacheNotWritten"
                }
            if names.last != name || name != "scanning" { names.append(name) }
        }
        return names
    }
}

func temporary(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
        "wrapped-session-\(name)-\(UUID().uuidString)")
}

func session(
    _ library: InMemoryPhotoLibrary, cache: URL?, log: EventLog, lookupFails: Bool = false
) -> WrappedSession<InMemoryPhotoLibrary> {
    WrappedSession(
        source: library,
        placeLookup: {
            log.lookupLoads.add(1, ordering: .relaxed)
            if lookupFails { throw WrappedError.sourceFailed("no gazetteer here") }
            return CityLookup()
        },
        cache: cache, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
}

@Suite("Photo Wrapped session on an in-memory library")
struct WrappedSessionTests {
    let library = InMemoryPhotoLibrary(assets: TwoCities.assets)
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test(
        "a first run reads, computes and stores; the same library again opens from the cache without loading labels"
    )
    func missThenHit() throws {
        let cache = temporary("cache").appendingPathComponent("wrapped.sqlite")
        let first = EventLog()
        let computed = try session(library, cache: cache, log: first).run(
            days: TwoCities.june, hidden: [], now: now, progress: first.record)
        #expect(computed.cache == .miss)
        #expect(first.names == ["scanning", "scanFinished", "timeStats", "places", "labels", "deck"])
        #expect(first.lookupLoads.load(ordering: .relaxed) == 1)
        #expect(computed.result.stats.total == 42)
        #expect(computed.result.visiblePlaces.first?.displayLabel == "Kallio, Helsinki")
        #expect(computed.thumbnails == cache.deletingLastPathComponent().appendingPathComponent("thumbnails"))

        let second = EventLog()
        let cached = try session(library, cache: cache, log: second).run(
            days: TwoCities.june, hidden: [], now: now, progress: second.record)
        #expect(cached.cache == .hit)
        #expect(second.names == ["hit(42)"])
        #expect(second.lookupLoads.load(ordering: .relaxed) == 0)
        #expect(cached.result == computed.result)
    }

    @Test("an added photo, another range or a hidden place each miss the cache")
    func keyParts() throws {
        let cache = temporary("cache").appendingPathComponent("wrapped.sqlite")
        let log = EventLog()
        let first = try session(library, cache: cache, log: log).run(
            days: TwoCities.june, hidden: [], now: now)
        var grown = library
        grown.assets.append(TwoCities.asset("late", day: 30, hour: 9, 60.17, 24.94))
        #expect(
            try session(grown, cache: cache, log: log).run(days: TwoCities.june, hidden: [], now: now).cache
                == .miss)
        let july = LocalDate(year: 2025, month: 7, day: 1)!...LocalDate(year: 2025, month: 7, day: 31)!
        #expect(
            try session(library, cache: cache, log: log).run(days: july, hidden: [], now: now).cache == .miss)
        let top = try #require(first.result.visiblePlaces.first)
        let hidden = try session(library, cache: cache, log: log).run(
            days: TwoCities.june, hidden: [top.id], now: now)
        #expect(hidden.cache == .miss)
        #expect(hidden.result.places.first { $0.id == top.id }?.isHidden == true)
        #expect(hidden.result.visiblePlaces.first?.displayLabel == "Tampere")
    }

    @Test("without a cache every run computes, says off and writes nothing")
    func noCache() throws {
        let log = EventLog()
        let run = {
            try session(library, cache: nil, log: log).run(days: TwoCities.june, hidden: [], now: now)
        }
        #expect(try run().cache == .off)
        #expect(try run().cache == .off)
        #expect(log.lookupLoads.load(ordering: .relaxed) == 2)
    }

    @Test("labels that cannot be loaded are reported and the deck is built with coordinates")
    func lookupFails() throws {
        let log = EventLog()
        let outcome = try session(library, cache: nil, log: log, lookupFails: true)
            .run(days: TwoCities.june, hidden: [], now: now, progress: log.record)
        #expect(log.names.first == "labelsUnavailable")
        #expect(outcome.result.places.allSatisfy { $0.label == nil })
        #expect(!outcome.result.deck.cards.isEmpty)
    }

    @Test("a library that cannot be listed stops the session with its reason")
    func unreadableSource() {
        let denied = InMemoryPhotoLibrary(assets: [], failure: "access denied")
        #expect(throws: WrappedSessionError.self) {
            try session(denied, cache: nil, log: EventLog()).run(days: TwoCities.june, hidden: [], now: now)
        }
        do {
            _ = try session(denied, cache: nil, log: EventLog()).run(
                days: TwoCities.june, hidden: [], now: now)
        } catch {
            guard case .sourceUnreadable(.sourceFailed("access denied")) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("a cache under a plain file cannot be opened and says where")
    func unopenableCache() throws {
        let file = temporary("file")
        try Data("x".utf8).write(to: file)
        let cache = file.appendingPathComponent("wrapped.sqlite")
        do {
            _ = try session(library, cache: cache, log: EventLog()).run(
                days: TwoCities.june, hidden: [], now: now)
            Issue.record("the session ran")
        } catch {
            guard case .cacheUnopenable(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == cache.path)
        }
    }

    @Test("issues of the library come through on a miss and on a hit")
    func issues() throws {
        let cache = temporary("cache").appendingPathComponent("wrapped.sqlite")
        let broken = InMemoryPhotoLibrary(
            assets: TwoCities.assets, issues: [ScanIssue(path: "x.jpg", message: "truncated")])
        let log = EventLog()
        #expect(
            try session(broken, cache: cache, log: log).run(days: TwoCities.june, hidden: [], now: now).issues
                .count == 1)
        let hit = try session(broken, cache: cache, log: log).run(days: TwoCities.june, hidden: [], now: now)
        #expect(hit.cache == .hit && hit.issues == [ScanIssue(path: "x.jpg", message: "truncated")])
    }
}
