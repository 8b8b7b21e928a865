import Foundation
import GeoKit
import Testing
import WrappedKit
import WrappedStore

@Suite("The derived-model store and its cache key")
struct WrappedDatabaseTests {
    let day = LocalDate(iso: "2025-01-01")!
    let end = LocalDate(iso: "2025-12-31")!

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wrapped-\(UUID().uuidString).sqlite").path
    }

    /// A real engine run over a small library (3 places, 12 photos a place).
    func result(hidden: Set<String> = []) -> WrappedResult {
        let spots = [(60.1699, 24.9384), (41.8902, 12.4922), (40.7306, -73.9866)]
        var assets: [PhotoAsset] = []
        for (s, spot) in spots.enumerated() {
            for i in 0..<12 {
                let date = day.adding(days: s * 40 + i * 3)
                let wall = LocalDateTime(date: date, hour: 9 + i % 8, minute: 5, second: 0)!
                assets.append(
                    PhotoAsset(
                        id: "p\(s)-\(i)", captureTime: .wallClock(wall, offsetSeconds: 3_600),
                        coordinate: Coordinate(uncheckedLatitude: spot.0, longitude: spot.1), localPath: "/photos/p\(s)-\(i).jpg"))
            }
        }
        return WrappedEngine(lookup: nil, deviceZone: TimeZone(identifier: "UTC")!).run(assets, range: day...end, hidden: hidden)
    }

    func key(hidden: Set<String> = [], fingerprint: String = "f1", version: Int = WrappedEngine.algorithmVersion, to: LocalDate? = nil) -> WrappedCacheKey {
        WrappedCacheKey(
            from: day, to: to ?? end, filtersHash: WrappedCacheKey.filtersHash(hidden: hidden), algorithmVersion: version,
            photoSetFingerprint: fingerprint)
    }

    @Test("a saved run loads back equal: stats, places, cards, asset references")
    func roundTrip() throws {
        let db = try WrappedDatabase(path: temporaryPath())
        let original = result()
        #expect(original.places.count == 3)
        try db.save(original, key: key(), createdAt: Date(timeIntervalSince1970: 1_000))
        let loaded = try #require(try db.load(key()))
        #expect(loaded == original)
    }

    @Test("a change of range, hidden places, algorithm version or photo set misses the cache")
    func invalidation() throws {
        let db = try WrappedDatabase(path: temporaryPath())
        try db.save(result(), key: key(), createdAt: Date())
        #expect(try db.load(key()) != nil)
        #expect(try db.load(key(to: LocalDate(iso: "2025-06-30")!)) == nil)
        #expect(try db.load(key(hidden: ["g120:1:2"])) == nil)
        #expect(try db.load(key(version: WrappedEngine.algorithmVersion + 1)) == nil)
        #expect(try db.load(key(fingerprint: "f2")) == nil)
    }

    @Test("the filters hash ignores the order of hidden ids and changes with any id")
    func filtersHash() {
        #expect(WrappedCacheKey.filtersHash(hidden: ["a", "b"]) == WrappedCacheKey.filtersHash(hidden: ["b", "a"]))
        #expect(WrappedCacheKey.filtersHash(hidden: ["a"]) != WrappedCacheKey.filtersHash(hidden: ["b"]))
        #expect(WrappedCacheKey.filtersHash(hidden: ["ab"]) != WrappedCacheKey.filtersHash(hidden: ["a", "b"]))
        #expect(WrappedCacheKey.filtersHash(hidden: []).count == 16)
    }

    @Test("saving the same key replaces the run; only the newest runs are kept")
    func replaceAndPrune() throws {
        let db = try WrappedDatabase(path: temporaryPath())
        try db.save(result(), key: key(), createdAt: Date(timeIntervalSince1970: 1))
        let hiddenID = try #require(result().places.first?.id)
        try db.save(result(hidden: [hiddenID]), key: key(), createdAt: Date(timeIntervalSince1970: 2))
        #expect(try db.runCount() == 1)
        #expect(try db.load(key())?.places.first?.isHidden == true)
        for i in 0..<(WrappedDatabase.keptRuns + 3) {
            try db.save(result(), key: key(fingerprint: "g\(i)"), createdAt: Date(timeIntervalSince1970: Double(10 + i)))
        }
        #expect(try db.runCount() == WrappedDatabase.keptRuns)
        #expect(try db.load(key(fingerprint: "g0")) == nil)
        #expect(try db.load(key(fingerprint: "g\(WrappedDatabase.keptRuns + 2)")) != nil)
    }

    @Test("a save that fails half-way leaves the previous run for that key intact")
    func atomicSave() throws {
        let db = try WrappedDatabase(path: temporaryPath())
        let good = result()
        try db.save(good, key: key(), createdAt: Date())
        var broken = good
        broken.places[1].radius = .nan  // SQLite stores NaN as NULL: the NOT NULL constraint fails mid-transaction
        #expect(throws: WrappedError.self) { try db.save(broken, key: key(), createdAt: Date()) }
        #expect(try db.load(key()) == good)
        #expect(try db.runCount() == 1)
    }

    @Test("a file that is not a database is refused with its path")
    func notADatabase() throws {
        let path = temporaryPath()
        try Data(repeating: 0x42, count: 4_096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try WrappedDatabase(path: path)
        } throws: { error in
            (error as? WrappedError).map { "\($0)".contains(path) } ?? false
        }
    }

    @Test("the geocode cache keys on coordinates rounded to 3 decimals")
    func geocodeCache() throws {
        let db = try WrappedDatabase(path: temporaryPath())
        let a = Coordinate(uncheckedLatitude: 60.16991, longitude: 24.93841)
        try db.cacheLabel(PlaceLabel(text: "Kluuvi, Helsinki", confidence: .high), at: a, updatedAt: Date())
        #expect(try db.cachedLabel(at: Coordinate(uncheckedLatitude: 60.16994, longitude: 24.93836))?.text == "Kluuvi, Helsinki")
        #expect(try db.cachedLabel(at: Coordinate(uncheckedLatitude: 60.171, longitude: 24.938)) == nil)
    }
}
