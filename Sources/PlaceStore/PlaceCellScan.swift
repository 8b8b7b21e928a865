import Foundation
import GRDB
import GeoKit
import PlaceKit

/// One pass over the cell-packed name index (`place_cells`) for a query area: the blobs of the
/// cells a box overlaps are read in place (no copy), each record inside the box that passes the
/// category filter is offered to a test, and only the records it keeps — and that lie within the
/// radius — are copied out, with their score. The word-prefix pass and the typo pass are two such
/// passes (the second only when the first found too little), so a centred search reads SQLite
/// once or twice (one range query per latitude band each), makes no `String` per place, and
/// allocates only for what it keeps.
struct PlaceCellScan {
    /// A kept record.
    struct Record {
        var coordinate: Coordinate
        /// Metres from the centre, `nil` without one.
        var distance: Double?
        /// What the test returned (edits for the typo pass, 0 otherwise).
        var score: Int
        /// Its parts, as ranges in ``arena``.
        var parts: PlaceCellRecord
        var rowid: Int64 { parts.rowid }
    }

    /// The bytes of ``records``, back to back.
    private(set) var arena: [UInt8] = []
    /// The kept records, in cell order then rowid order (each place is in one cell, so no rowid
    /// repeats).
    private(set) var records: [Record] = []

    /// Reads the cells `box` overlaps and keeps the records inside `box`, of one of `categories`
    /// (any when empty; the same first 64 distinct ids as the R*Tree path's filter), for which
    /// `test` returns a score, and that lie within `radius` metres (haversine) of `center` (any
    /// in the box without a centre). At most `examineLimit` records are offered to `test`.
    ///
    /// - Parameter test: the record's search text (UTF-8, inside the blob) and rowid → a score, or
    ///   `nil` to drop it.
    /// - Returns: `nil` when the box is too tall for the grid (``PlaceCellGrid/maximumBands``);
    ///   the caller uses the R*Tree.
    /// - Throws: GRDB errors, and ``PlaceStoreError`` for a corrupt blob.
    static func load(
        box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
        examineLimit: Int = .max, _ db: Database, test: (UnsafeRawBufferPointer, Int64) -> Int?
    ) throws -> PlaceCellScan? {
        guard let cover = PlaceCellGrid.cover(box) else { return nil }
        let wanted = SQLitePlaceStore.categoryFilterValues(categories).map { Array($0.utf8) }
        var scan = PlaceCellScan()
        var examined = 0
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
                            try PlaceCellCodec.forEachRecord(in: raw, cell: cell) {
                                record throws(PlaceStoreError) in
                                let coordinate = Coordinate(
                                    uncheckedLatitude: record.latitude, longitude: record.longitude)
                                guard box.contains(coordinate), examined < examineLimit else { return }
                                if !wanted.isEmpty {
                                    let bytes = UnsafeRawBufferPointer(rebasing: raw[record.category])
                                    guard wanted.contains(where: { $0.elementsEqual(bytes) }) else { return }
                                }
                                examined += 1
                                guard
                                    let score = test(
                                        UnsafeRawBufferPointer(rebasing: raw[record.text]), record.rowid)
                                else { return }
                                var distance: Double?
                                if let center {
                                    let exact = Haversine.distance(center, coordinate)
                                    guard exact <= radius else { return }
                                    distance = exact
                                }
                                scan.keep(
                                    record, from: raw, coordinate: coordinate, distance: distance,
                                    score: score)
                            }
                        }
                    }
                }.get()
            }
        }
        return scan
    }

    /// Copies `record` from its blob to the arena, moving its ranges with it.
    private mutating func keep(
        _ record: PlaceCellRecord, from raw: UnsafeRawBufferPointer, coordinate: Coordinate,
        distance: Double?,
        score: Int
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
        records.append(Record(coordinate: coordinate, distance: distance, score: score, parts: parts))
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

    /// The kept records as hits, with whether each search text begins with the whole query,
    /// nearest first (ties by rowid; rowid order without a centre) — what
    /// ``SQLitePlaceStore/spatialHits(in:center:radius:categories:words:_:)`` returns for a
    /// prefix pass over the same area.
    func hits(words: [String]) -> [SpatialHit] {
        let whole = Array((" " + words.joined(separator: " ")).utf8)
        var hits: [SpatialHit] = []
        hits.reserveCapacity(records.count)
        arena.withUnsafeBytes { raw in
            for (index, record) in records.enumerated() {
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
            guard let object = try? JSONSerialization.jsonObject(with: Data(arena[range])),
                let names = object as? [String]
            else { throw fail("alt_names is not valid JSON of the expected shape") }
            alternatives = names
        }
        return Place(
            id: id, name: record.parts.name.map(text), alternativeNames: alternatives,
            category: text(record.parts.category), coordinate: record.coordinate,
            importance: record.parts.importance)
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
