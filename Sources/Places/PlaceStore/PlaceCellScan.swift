import Foundation
import GRDB
import GeoKit
import PlaceKit

/// One pass over the cell-packed name index (`place_cells`) for a query area: the blobs of the
/// cells a box overlaps are read in place, each record inside the box that passes the category
/// filter is offered to a test, and only the records it keeps — and that lie within the radius —
/// are copied out, with their score. The word-prefix pass and the typo pass are two such passes
/// (the second only when the first found too little, re-reading the cells the first read),
/// and a name query's category pool is marked in the first; so a centred search reads SQLite
/// once (one range query per latitude band; a typo pass reads its cells again, by key), makes no
/// `String` per place, and allocates only for what it keeps.
struct PlaceCellScan {
    /// A kept record.
    struct Record {
        var coordinate: Coordinate
        /// Metres from the centre, `nil` without one.
        var distance: Double?
        /// What the test returned (edits for the typo pass, 0 otherwise; 0 when it failed).
        var score: Int
        /// Whether the test kept it (`false`: kept only for being of an extra category).
        var passedTest = true
        /// Whether it is of one of the scan's extra categories.
        var inExtraCategory = false
        /// Its parts, as ranges in ``arena``.
        var parts: PlaceCellRecord
        var rowid: Int64 { parts.rowid }
    }

    /// The bytes of ``records``, back to back.
    private(set) var arena: [UInt8] = []
    /// The kept records, in cell order then rowid order (each place is in one cell, so no rowid
    /// repeats).
    private(set) var records: [Record] = []
    /// The cells read, in reading order (what ``rescan(box:center:radius:categories:examineLimit:words:_:test:)``
    /// reads again).
    private(set) var cells: [Int64] = []

    /// Reads the cells `box` overlaps and keeps the records inside `box`, of one of `categories`
    /// (any when empty; the same first 64 distinct ids as the R*Tree path's filter), for which
    /// `test` returns a score, and that lie within `radius` metres (haversine) of `center` (any
    /// in the box without a centre). At most `examineLimit` records are offered to `test`.
    /// Records of one of `extraCategories` (already passing `categories`) are kept too, whatever
    /// `test` says, and marked: ``nearestOfExtraCategories(limit:)`` gives them, so a text pass and
    /// a category pool over the same area read the cells once.
    ///
    /// - Parameter test: the record's search text (UTF-8, inside the blob) and rowid → a score, or
    ///   `nil` to drop it.
    /// - Returns: `nil` when the box is too tall for the grid (``PlaceCellGrid/maximumBands``);
    ///   the caller uses the R*Tree.
    /// - Throws: GRDB errors, and ``PlaceStoreError`` for a corrupt blob.
    static func load(
        box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
        extraCategories: [PlaceCategory.ID] = [], examineLimit: Int = .max,
        _ db: Database, test: (UnsafeRawBufferPointer, Int64) -> Int?
    ) throws -> PlaceCellScan? {
        guard let cover = PlaceCellGrid.cover(box) else { return nil }
        var pass = Pass(
            box: box, center: center, radius: radius, categories: categories, extraCategories: extraCategories,
            examineLimit: examineLimit)
        var scan = PlaceCellScan()
        let statement = try db.cachedStatement(
            sql: "SELECT cell, data FROM place_cells WHERE cell BETWEEN ? AND ?")
        for range in cover {
            let cursor = try Row.fetchCursor(statement, arguments: [range.lowerBound, range.upperBound])
            while let row = try cursor.next() {
                let cell = row.int64(0) ?? 0
                // The blob is read where SQLite holds it; `Data.withUnsafeBytes` rethrows untyped
                // errors, so ours travel out in a `Result`.
                try row.withUnsafeData(atIndex: 1) { data in
                    (data ?? Data()).withUnsafeBytes { raw in
                        Result { () throws(PlaceStoreError) in
                            scan.cells.append(cell)
                            try pass.offer(raw, cell: cell, to: &scan, test: test)
                        }
                    }
                }.get()
            }
        }
        return scan
    }

    /// ``load(box:center:radius:categories:extraCategories:examineLimit:_:test:)`` again over the
    /// cells this scan read (``cells``), re-read from `db` in the same order, so the same records.
    /// The first pass keeps only the cells' keys, not a copy of their blobs: most queries never
    /// rescan, and copying every blob cost each of them more than re-reading costs the few that do.
    ///
    /// With `words`, a cell with a word index (``PlaceCellWords``, read in the same row) offers
    /// `test` only the records holding a word `words` accepts (given the word's character set and
    /// UTF-8 bytes); the others count as examined and are dropped, as if `test` had returned `nil`
    /// — so `words` must accept every word of a record `test` keeps.
    ///
    /// - Throws: ``PlaceStoreError`` for a corrupt blob or a failed read.
    func rescan(
        box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
        examineLimit: Int = .max, words: ((UInt64, UnsafeRawBufferPointer) -> Bool)? = nil, _ db: Database,
        test: (UnsafeRawBufferPointer, Int64) -> Int?
    ) throws(PlaceStoreError) -> PlaceCellScan {
        var pass = Pass(
            box: box, center: center, radius: radius, categories: categories, extraCategories: [],
            examineLimit: examineLimit)
        var scan = PlaceCellScan()
        var marked: [UInt64] = []
        do {
            let statement = try db.cachedStatement(
                sql: words == nil
                    ? "SELECT data, NULL FROM place_cells WHERE cell = ?"
                    : "SELECT data, words FROM place_cells WHERE cell = ?")
            for cell in cells {
                let cursor = try Row.fetchCursor(statement, arguments: [cell])
                while let row = try cursor.next() {
                    // Both read where SQLite holds them; ours travel out of `withUnsafeBytes` in a `Result`.
                    var filter: [UInt64]?
                    if let words {
                        try row.withUnsafeData(atIndex: 1) { data in
                            guard let data else { return }
                            try data.withUnsafeBytes { raw in
                                Result { () throws(PlaceStoreError) in
                                    try PlaceCellWords.marked(in: raw, cell: cell, into: &marked, test: words)
                                }
                            }.get()
                            filter = marked
                        }
                    }
                    try row.withUnsafeData(atIndex: 0) { data in
                        (data ?? Data()).withUnsafeBytes { raw in
                            Result { () throws(PlaceStoreError) in
                                try pass.offer(raw, cell: cell, to: &scan, marked: filter, test: test)
                            }
                        }
                    }.get()
                }
            }
        } catch {
            throw PlaceStoreError.wrap(error, path: nil, operation: "read cells")
        }
        return scan
    }

    /// One pass's filters and its count of examined records.
    private struct Pass {
        let box: BoundingBox
        let center: Coordinate?
        let radius: Double
        let wanted: [[UInt8]]
        let extra: [[UInt8]]
        let examineLimit: Int
        var examined = 0

        init(
            box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
            extraCategories: [PlaceCategory.ID], examineLimit: Int
        ) {
            self.box = box
            self.center = center
            self.radius = radius
            wanted = SQLitePlaceStore.categoryFilterValues(categories).map { Array($0.utf8) }
            extra = SQLitePlaceStore.categoryFilterValues(extraCategories).map { Array($0.utf8) }
            self.examineLimit = examineLimit
        }

        /// Offers every record of one cell's blob to `test`, keeping in `scan` what passes; with
        /// `marked`, a record whose ordinal's bit is clear counts as examined and is dropped untested.
        mutating func offer(
            _ raw: UnsafeRawBufferPointer, cell: Int64, to scan: inout PlaceCellScan, marked: [UInt64]? = nil,
            test: (UnsafeRawBufferPointer, Int64) -> Int?
        ) throws(PlaceStoreError) {
            var ordinal = -1
            try PlaceCellCodec.forEachRecord(in: raw, cell: cell) { record throws(PlaceStoreError) in
                ordinal += 1
                let coordinate = Coordinate(uncheckedLatitude: record.latitude, longitude: record.longitude)
                guard box.contains(coordinate), examined < examineLimit else { return }
                if !wanted.isEmpty {
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[record.category])
                    guard wanted.contains(where: { $0.elementsEqual(bytes) }) else { return }
                }
                examined += 1
                if let marked {
                    let slot = ordinal >> 6
                    guard slot < marked.count, marked[slot] & (1 << UInt64(ordinal & 63)) != 0 else { return }
                }
                let inExtra =
                    !extra.isEmpty
                    && extra.contains(where: {
                        $0.elementsEqual(UnsafeRawBufferPointer(rebasing: raw[record.category]))
                    })
                let score = test(UnsafeRawBufferPointer(rebasing: raw[record.text]), record.rowid)
                guard score != nil || inExtra else { return }
                var distance: Double?
                if let center {
                    let exact = Haversine.distance(center, coordinate)
                    guard exact <= radius else { return }
                    distance = exact
                }
                scan.keep(
                    record, from: raw, coordinate: coordinate, distance: distance, score: score ?? 0,
                    passedTest: score != nil, inExtraCategory: inExtra)
            }
        }
    }

    /// Copies `record` from its blob to the arena, moving its ranges with it.
    fileprivate mutating func keep(
        _ record: PlaceCellRecord, from raw: UnsafeRawBufferPointer, coordinate: Coordinate,
        distance: Double?,
        score: Int, passedTest: Bool, inExtraCategory: Bool
    ) {
        let shift = arena.count - record.bytes.lowerBound
        arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[record.bytes]))
        func moved(_ range: Range<Int>) -> Range<Int> {
            (range.lowerBound + shift)..<(range.upperBound + shift)
        }
        var parts = record
        parts.category = moved(record.category)
        parts.text = moved(record.text)
        parts.id = moved(record.id)
        parts.name = record.name.map(moved)
        parts.alternativeNames = record.alternativeNames.map(moved)
        parts.bytes = moved(record.bytes)
        records.append(
            Record(
                coordinate: coordinate, distance: distance, score: score, passedTest: passedTest,
                inExtraCategory: inExtraCategory, parts: parts))
    }

    /// The word-prefix pass: records whose search text contains every word as a word prefix
    /// (`" " + word`, as `instr` finds it).
    static func prefixTest(_ words: [String]) -> (UnsafeRawBufferPointer, Int64) -> Int? {
        let patterns = words.map { Array((" " + $0).utf8) }
        return { text, _ in patterns.allSatisfy { occurs($0, in: text) } ? 0 : nil }
    }

    /// The typo pass: records not in `excluding` whose names match `words` within the typo
    /// allowance (``FuzzyNameMatcher``), scored by edits. The returned closure owns the matcher's
    /// buffers; use it for one pass.
    static func fuzzyTest(_ words: [String], excluding: Set<Int64>) -> (
        (UnsafeRawBufferPointer, Int64) -> Int?
    )? {
        var matcher = FuzzyNameMatcher(words: words)
        guard matcher.canMatchFuzzily else { return nil }
        return { text, rowid in excluding.contains(rowid) ? nil : matcher.edits(utf8: text) }
    }

    /// The word filter of the typo pass (``rescan(box:center:radius:categories:examineLimit:words:test:)``):
    /// accepts a word only if it can be the significant word match every name ``fuzzyTest(_:excluding:)``
    /// keeps must have (``FuzzyNameMatcher/matchesSignificantWord(utf8:mask:)``). The closure owns
    /// its matcher's buffers; use it for one pass.
    static func fuzzyWordFilter(_ words: [String]) -> (UInt64, UnsafeRawBufferPointer) -> Bool {
        var matcher = FuzzyNameMatcher(words: words)
        return { mask, word in matcher.matchesSignificantWord(utf8: word, mask: mask) }
    }

    /// The kept records as hits, with whether each search text begins with the whole query,
    /// nearest first (ties by rowid; rowid order without a centre) — what
    /// ``SQLitePlaceStore/spatialHits(in:center:radius:categories:words:_:)`` returns for a
    /// prefix pass over the same area.
    func hits(words: [String]) -> [SpatialHit] {
        let whole = Array((" " + words.joined(separator: " ")).utf8)
        var hits: [SpatialHit] = []
        hits.reserveCapacity(records.count)
        arena.withUnsafeBytes { raw in
            for (index, record) in records.enumerated() where record.passedTest {
                let starts =
                    !words.isEmpty
                    && UnsafeRawBufferPointer(rebasing: raw[record.parts.text]).starts(with: whole)
                hits.append(
                    SpatialHit(
                        rowid: record.rowid, coordinate: record.coordinate, distance: record.distance,
                        nameStartsWithQuery: starts, cellRecord: index))
            }
        }
        hits.sort { ($0.distance ?? 0, $0.rowid) < ($1.distance ?? 0, $1.rowid) }
        return hits
    }

    /// ``hits(words:)`` cut to its first `limit`, chosen without sorting every hit (a common prefix
    /// such as "hels" keeps hundreds of records where ranking wants the nearest 60), with how many
    /// hits there were and whether any search text begins with the whole query.
    func nearestHits(
        words: [String], limit: Int
    ) -> (hits: [SpatialHit], count: Int, anyStartsWithQuery: Bool) {
        let whole = Array((" " + words.joined(separator: " ")).utf8)
        var nearest = NearestSelection(limit: limit)
        var count = 0
        var anyStarts = false
        arena.withUnsafeBytes { raw in
            for (index, record) in records.enumerated() where record.passedTest {
                count += 1
                let starts =
                    !words.isEmpty
                    && UnsafeRawBufferPointer(rebasing: raw[record.parts.text]).starts(with: whole)
                anyStarts = anyStarts || starts
                nearest.offer(
                    distance: record.distance ?? 0, rowid: record.rowid, index: index, starts: starts)
            }
        }
        let hits = nearest.chosen.map { entry in
            let record = records[entry.index]
            return SpatialHit(
                rowid: record.rowid, coordinate: record.coordinate, distance: record.distance,
                nameStartsWithQuery: entry.starts, cellRecord: entry.index)
        }
        return (hits, count, anyStarts)
    }

    /// The `limit` nearest kept records of the extra categories (ties by rowid; rowid order
    /// without a centre), whether or not they passed the test — what a scan with those categories
    /// as its filter and a test keeping everything gives from ``hits(words:)`` with no words.
    func nearestOfExtraCategories(limit: Int) -> [SpatialHit] {
        var hits: [SpatialHit] = []
        for (index, record) in records.enumerated() where record.inExtraCategory {
            hits.append(
                SpatialHit(
                    rowid: record.rowid, coordinate: record.coordinate, distance: record.distance,
                    cellRecord: index))
        }
        hits.sort { ($0.distance ?? 0, $0.rowid) < ($1.distance ?? 0, $1.rowid) }
        return Array(hits.prefix(max(0, limit)))
    }

    /// The `limit` smallest (distance, rowid) keys offered, kept sorted: an offer that cannot make
    /// the cut costs one comparison, one that can a binary search and an insertion.
    struct NearestSelection {
        struct Entry {
            var distance: Double
            var rowid: Int64
            var index: Int
            var starts = false
        }
        let limit: Int
        private(set) var chosen: [Entry] = []

        init(limit: Int) {
            self.limit = max(0, limit)
            chosen.reserveCapacity(min(self.limit, 256))
        }

        mutating func offer(distance: Double, rowid: Int64, index: Int, starts: Bool = false) {
            guard limit > 0 else { return }
            if chosen.count == limit, let last = chosen.last,
                (last.distance, last.rowid) <= (distance, rowid)
            {
                return
            }
            var low = 0
            var high = chosen.count
            while low < high {
                let middle = (low + high) / 2
                if (chosen[middle].distance, chosen[middle].rowid) < (distance, rowid) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            if chosen.count == limit { chosen.removeLast() }
            chosen.insert(Entry(distance: distance, rowid: rowid, index: index, starts: starts), at: low)
        }
    }

    /// The kept records of a typo pass, fewest edits first, then nearest, then rowid.
    func fuzzyHits() -> [SpatialHit] {
        let order = records.indices.sorted { a, b in
            let x = records[a]
            let y = records[b]
            return (x.score, x.distance ?? 0, x.rowid) < (y.score, y.distance ?? 0, y.rowid)
        }
        return order.map { index in
            let record = records[index]
            return SpatialHit(
                rowid: record.rowid, coordinate: record.coordinate, distance: record.distance,
                cellRecord: index)
        }
    }

    /// The places of `hits` (this scan's; others are skipped) decoded for ranking straight from the records — what
    /// ``PlaceRecord/decodeLight(_:from:)`` reads from the rows — keyed by rowid.
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow`) for a bad id or alternative-names JSON.
    func lightPlaces(_ hits: [SpatialHit]) throws(PlaceStoreError) -> [Int64: Place] {
        var result: [Int64: Place] = [:]
        for hit in hits {
            guard let index = hit.cellRecord, records.indices.contains(index),
                records[index].rowid == hit.rowid
            else { continue }
            result[hit.rowid] = try lightPlace(records[index])
        }
        return result
    }

    private func lightPlace(_ record: Record) throws(PlaceStoreError) -> Place {
        func text(_ range: Range<Int>) -> String { String(decoding: arena[range], as: UTF8.self) }
        let rawID = text(record.parts.id)
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "places", id: rawID, detail: detail), path: nil, operation: "read place")
        }
        guard let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        var alternatives: [String] = []
        if let range = record.parts.alternativeNames {
            if let names = Self.plainStringArray(arena[range]) {
                alternatives = names
            } else {
                guard let object = try? JSONSerialization.jsonObject(with: Data(arena[range])),
                    let names = object as? [String]
                else { throw fail("alt_names is not valid JSON of the expected shape") }
                alternatives = names
            }
        }
        return Place(
            id: id, name: record.parts.name.map(text), alternativeNames: alternatives,
            category: text(record.parts.category), coordinate: record.coordinate,
            importance: record.parts.importance)
    }

    /// ``PlainJSON/strings(_:)`` of arena bytes.
    static func plainStringArray(_ bytes: ArraySlice<UInt8>) -> [String]? {
        bytes.withUnsafeBufferPointer(PlainJSON.strings)
    }

    /// Whether `pattern` (non-empty, beginning with a space) occurs in `text`.
    @inline(__always)
    static func occurs(_ pattern: [UInt8], in text: UnsafeRawBufferPointer) -> Bool {
        let count = pattern.count
        guard count > 0 else { return true }
        guard text.count >= count, let base = text.baseAddress else { return false }
        return pattern.withUnsafeBytes { pattern in
            guard let needle = pattern.baseAddress else { return false }
            // Probe the last byte: the first is a space, common in every name.
            let tail = count - 1
            let probe = pattern[tail]
            var index = 0
            let last = text.count - count
            while index <= last {
                if text[index + tail] == probe, memcmp(base + index, needle, count) == 0 { return true }
                index += 1
            }
            return false
        }
    }
}
