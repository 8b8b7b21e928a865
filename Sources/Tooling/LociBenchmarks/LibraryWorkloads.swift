import Foundation
import GeoKit
import LibraryExchange
import LibraryKit
import LibraryStore
import SeededRandom

/// Workloads behind `loci bench library`: export and re-import of a 10,000-bookmark library in
/// every format (store → file, file → new store), and the library's queries.
public enum LibraryWorkloads {
    /// One workload's figures.
    public struct Result: Sendable, Codable {
        /// Workload name (`export-json`, `import-gpx`, `query-in-list`, …).
        public var workload: String
        /// What was measured.
        public var detail: String
        /// Timings (per whole export or import, or per query).
        public var statistics: TimingStatistics
        /// The target.
        public var targetNanoseconds: Double
        /// Output size in bytes, for exports.
        public var bytes: Int?
    }

    /// A seeded library: `count` bookmarks around Helsinki with notes (some multi-line, with
    /// commas, quotes and markup), 0–3 tags from 40, membership in 0–2 of `lists` lists, and
    /// `searches` history entries.
    public static func sample(bookmarks count: Int, lists listCount: Int, searches: Int, seed: UInt64)
        -> Library
    {
        var rng = SplitMix64(seed: seed)
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
        let lists = (0..<listCount).map {
            BookmarkList(id: "list-\($0)", name: "List \($0)", created: start + Double($0))
        }
        let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
        let points = GeoWorkloads.cityPoints(count, around: center, radius: 20_000, using: &rng)
        let notes = [
            "", "Great coffee, limited seating.",
            "Amazing pasta! Go for the \"carbonara\".\nAsk for the window table.", "<b>Call</b> ahead & book",
        ]
        let bookmarks = points.enumerated().map { index, point in
            let provider: PlaceProvider = index % 3 == 0 ? .google : (index % 3 == 1 ? .local : .custom)
            return Bookmark(
                id: "bm-\(index)",
                place: PlaceReference(
                    provider: provider, id: provider == .local ? "osm:node/\(index)" : "p\(index)"),
                name: "Place \(index) Café", coordinate: point,
                coordinateSavedAt: provider == .google ? start : nil,
                note: notes[index % notes.count],
                tags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    "tag\(Int.random(in: 0..<40, using: &rng))"
                },
                lists: (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    "list-\(Int.random(in: 0..<listCount, using: &rng))"
                },
                created: start + Double(index))
        }
        let history = (0..<searches).map {
            SearchHistoryEntry(
                id: "s\($0)", query: "query \($0 % 97)", kind: $0 % 2 == 0 ? .name : .category,
                at: start + Double($0))
        }
        return Library(bookmarks: bookmarks, lists: lists, history: history).normalized()
    }

    /// Exports and imports `library` in every format `rounds` times in `folder` (leaving
    /// `library.FORMAT` there for the anchor), then times the queries.
    public static func run(_ library: Library, folder: URL, rounds: Int, queryCalls: Int) throws(LibraryError)
        -> [Result]
    {
        let now = Date(timeIntervalSince1970: 1_767_300_000)
        let source = try LibraryStore(
            path: folder.appendingPathComponent("source.sqlite").path, replicaID: "bench", now: { now })
        _ = try source.importLibrary(library)
        var results: [Result] = []
        let count = library.bookmarks.count
        for format in ExchangeFormat.allCases {
            let file = folder.appendingPathComponent("library.\(format.rawValue)").path
            var exportSamples: [Double] = []
            var importSamples: [Double] = []
            var failure: (any Error)?
            for round in 0..<rounds {
                exportSamples.append(
                    Stopwatch.nanoseconds {
                        do {
                            try LibraryExchange.export(try source.library(), format: format, to: file)
                        } catch { failure = error }
                    })
                let target = folder.appendingPathComponent("import-\(format.rawValue)-\(round).sqlite").path
                importSamples.append(
                    Stopwatch.nanoseconds {
                        do {
                            let read = try LibraryExchange.read(path: file, now: now)
                            let store = try LibraryStore(path: target, replicaID: "bench", now: { now })
                            _ = try store.importLibrary(read)
                        } catch { failure = error }
                    })
                if let failure {
                    throw failure as? LibraryError ?? LibraryError("\(failure)", at: format.rawValue)
                }
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
            results.append(
                Result(
                    workload: "export-\(format.rawValue)",
                    detail: "\(count) bookmarks: store → \(format.rawValue) file",
                    statistics: TimingStatistics(samples: exportSamples), targetNanoseconds: 1e9, bytes: size)
            )
            results.append(
                Result(
                    workload: "import-\(format.rawValue)",
                    detail: "\(count) bookmarks: \(format.rawValue) file → checked → new store",
                    statistics: TimingStatistics(samples: importSamples), targetNanoseconds: 1e9, bytes: nil))
        }
        results += try queries(source, library: library, calls: queryCalls)
        return results
    }

    static func queries(_ store: LibraryStore, library: Library, calls: Int) throws(LibraryError) -> [Result]
    {
        let ids = library.bookmarks.map(\.id)
        let lists = library.lists.map(\.id)
        let places = library.bookmarks.map(\.place)
        let cases: [(String, String, (Int) throws -> Void)] = [
            (
                "query-by-id", "one bookmark by id",
                { i in blackHole(try store.bookmark(id: ids[(i &* 7_919) % ids.count])) }
            ),
            (
                "query-in-list", "a list's bookmarks (≈ \(ids.count / max(1, lists.count)) each)",
                { i in blackHole(try store.bookmarks(inList: lists[i % lists.count])) }
            ),
            (
                "query-tagged", "bookmarks with one tag (≈ \(ids.count * 3 / 2 / 40) each)",
                { i in blackHole(try store.bookmarks(taggedWith: "tag\(i % 40)")) }
            ),
            (
                "query-for-place", "is this place saved? (provider + id)",
                { i in blackHole(try store.bookmarks(for: places[(i &* 7_919) % places.count])) }
            ),
            ("query-history", "the 20 latest searches", { _ in blackHole(try store.history(limit: 20)) }),
        ]
        var results: [Result] = []
        for (name, detail, body) in cases {
            var failure: (any Error)?
            let statistics = Stopwatch.perCall(calls: calls) { i in
                do { try body(i) } catch { failure = error }
            }
            if let failure { throw LibraryError("\(failure)", at: name) }
            results.append(
                Result(
                    workload: name, detail: detail, statistics: statistics, targetNanoseconds: 1e6, bytes: nil
                ))
        }
        return results
    }
}
