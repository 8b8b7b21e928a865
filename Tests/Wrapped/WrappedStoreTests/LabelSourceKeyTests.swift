import Foundation
import GeoKit
import Testing
import WrappedKit
import WrappedStore

@Suite("What labels came from is part of the cache key")
struct LabelSourceKeyTests {
    let range = LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-12-31")!

    func key(_ labelSource: String, fingerprint: String = "f1") -> WrappedCacheKey {
        WrappedCacheKey(
            from: range.lowerBound, to: range.upperBound, filtersHash: WrappedCacheKey.filtersHash(hidden: []),
            photoSetFingerprint: fingerprint, labelSource: labelSource)
    }

    func result() -> WrappedResult {
        let assets = (0..<12).map { i in
            PhotoAsset(
                id: "p\(i)",
                captureTime: .wallClock(
                    LocalDateTime(date: range.lowerBound.adding(days: i * 3), hour: 10, minute: 0, second: 0)!,
                    offsetSeconds: 3_600),
                coordinate: Coordinate(uncheckedLatitude: 43.4633, longitude: 11.8796))
        }
        return WrappedEngine(lookup: nil, deviceZone: TimeZone(identifier: "UTC")!).run(assets, range: range)
    }

    @Test("another label source misses, but finds the run to relabel; another photo set finds nothing")
    func labelSourceMisses() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wrapped-\(UUID().uuidString).sqlite").path
        let db = try WrappedDatabase(path: path)
        let original = result()
        try db.save(original, key: key(WrappedCacheKey.noLabels), createdAt: Date(timeIntervalSince1970: 1))
        #expect(try db.load(key(WrappedCacheKey.noLabels)) == original)
        #expect(try db.load(key("gazetteer g 1 2")) == nil)
        let stale = try #require(try db.loadRelabelling(key("gazetteer g 1 2")))
        #expect(stale.labelSource == WrappedCacheKey.noLabels)
        #expect(stale.result == original)
        #expect(try db.loadRelabelling(key(WrappedCacheKey.noLabels)) == nil)
        #expect(try db.loadRelabelling(key("gazetteer g 1 2", fingerprint: "f2")) == nil)
        #expect(try db.loadRelabelling(key("")) == nil)
        // Both runs can be stored side by side.
        try db.save(original, key: key("gazetteer g 1 2"), createdAt: Date(timeIntervalSince1970: 2))
        #expect(try db.runCount() == 2)
    }
}
