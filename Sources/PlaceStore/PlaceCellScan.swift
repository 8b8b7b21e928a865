import Foundation
import GRDB
import GeoKit
import PlaceKit

/// The places of a query area read from the cell-packed name index (`place_cells`): the blobs of
/// the cells a box overlaps are read in place, and the records inside the box that pass the
/// category filter keep their search text in one byte arena. Exact distances are computed only
/// for records whose text matched (or, for the typo pass and nearby queries, before matching),
/// so most places in the box never cost a haversine. The word-prefix pass and the
/// typo pass both run over those bytes, so a centred search reads SQLite once (one range query
/// per latitude band) and makes no `String` per place.
struct PlaceCellScan {
    /// A record inside the box.
    struct Record {
        var coordinate: Coordinate
        /// Its parts, as ranges in ``arena``.
        var parts: PlaceCellRecord
        var rowid: Int64 { parts.rowid }
        var text: Range<Int> { parts.text }
    }

    /// The query centre (`nil` for a region: every record in the box counts).
    private(set) var center: Coordinate?
    /// Metres from ``center`` that count.
    private(set) var radius = 0.0

    /// The bytes of ``records``, back to back.
    private(set) var arena: [UInt8] = []
    /// The records inside the box, in cell order then rowid order (each place is in one cell, so
    /// no rowid repeats).
    private(set) var records: [Record] = []

    /// Reads the cells `box` overlaps and keeps the records within `radius` metres (haversine)
    /// of `center`, or inside `box` without a centre, whose category is one of `categories`
    /// (any when empty; the same first 64 distinct ids as the R*Tree path's filter).
    ///
    /// - Returns: `nil` when the box is too tall for the grid (``PlaceCellGrid/maximumBands``);
    ///   the caller uses the R*Tree.
    /// - Throws: GRDB errors, and ``PlaceStoreError`` for a corrupt blob.
    static func load(
        box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID], _ db: Database
    ) throws -> PlaceCellScan? {
        guard let cover = PlaceCellGrid.cover(box) else { return nil }
        let wanted = SQLitePlaceStore.categoryFilterValues(categories).map { Array($0.utf8) }
        var scan = PlaceCellScan()
        scan.center = center
        scan.radius = radius
        scan.arena.reserveCapacity(1 << 15)
        let statement = try db.cachedStatement(sql: "SELECT cell, data FROM place_cells WHERE cell BETWEEN ? AND ?")
        for range in cover {
            let cursor = try Row.fetchCursor(statement, arguments: [range.lowerBound, range.upperBound])
            while let row = try cursor.next() {
                let cell = row.int64(0) ?? 0
                // The blob is read where SQLite holds it (no copy); `Data.withUnsafeBytes`
                // rethrows untyped errors, so ours travel out in a `Result`.
                try row.withUnsafeData(atIndex: 1) { data in
                    (data ?? Data()).withUnsafeBytes { raw in
                        Result { () throws(PlaceStoreError) in
                            try scan.add(raw, cell: cell, box: box, categories: wanted)
                        }
                    }
                }.get()
            }
        }
        return scan
    }

    private mutating func add(
        _ raw: UnsafeRawBufferPointer, cell: Int64, box: BoundingBox, categories: [[UInt8]]
    ) throws(PlaceStoreError) {
        try PlaceCellCodec.forEachRecord(in: raw, cell: cell) { record throws(PlaceStoreError) in
            let coordinate = Coordinate(uncheckedLatitude: record.latitude, longitude: record.longitude)
            guard box.contains(coordinate) else { return }
            if !categories.isEmpty {
                let bytes = UnsafeRawBufferPointer(rebasing: raw[record.category])
                guard categories.contains(where: { $0.elementsEqual(bytes) }) else { return }
            }
            // Copy the record and move its ranges from the blob to the arena.
            let shift = arena.count - record.bytes.lowerBound
            arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[record.bytes]))
            func moved(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + shift)..<(range.upperBound + shift) }
            var parts = record
            parts.category = moved(record.category)
            parts.text = moved(record.text)
            parts.id = moved(record.id)
            parts.name = record.name.map(moved)
            parts.alternativeNames = record.alternativeNames.map(moved)
            parts.bytes = moved(record.bytes)
            records.append(Record(coordinate: coordinate, parts: parts))
        }
    }

    /// The record's distance from the centre when it lies within the radius (`.some(nil)`
    /// without a centre), or `nil` when it lies outside.
    @inline(__always)
    private func distance(_ record: Record) -> Double?? {
        guard let center else { return .some(nil) }
        let exact = Haversine.distance(center, record.coordinate)
        return exact <= radius ? .some(exact) : nil
    }

    /// The records whose search text contains every word as a word prefix (`" " + word`), with
    /// whether it begins with the whole query, nearest first (ties by rowid; rowid order without
    /// a centre) — what ``SQLitePlaceStore/spatialHits(in:center:radius:categories:words:_:)``
    /// returns for the same area.
    func hits(words: [String]) -> [SpatialHit] {
        let patterns = words.map { Array((" " + $0).utf8) }
        let whole = Array((" " + words.joined(separator: " ")).utf8)
        var hits: [SpatialHit] = []
        arena.withUnsafeBytes { raw in
            for (index, record) in records.enumerated() {
                let text = UnsafeRawBufferPointer(rebasing: raw[record.text])
                guard patterns.allSatisfy({ Self.occurs($0, in: text) }), let distance = distance(record) else {
                    continue
                }
                let starts = !words.isEmpty && text.starts(with: whole)
                hits.append(
                    SpatialHit(
                        rowid: record.rowid, coordinate: record.coordinate, distance: distance,
                        nameStartsWithQuery: starts, cellRecord: index))
            }
        }
        hits.sort { ($0.distance ?? 0, $0.rowid) < ($1.distance ?? 0, $1.rowid) }
        return hits
    }

    /// The records not in `excluding` whose names match `words` within the typo allowance
    /// (``FuzzyNameMatcher``), fewest edits first, then nearest, then rowid; at most
    /// `scanLimit` records are examined.
    func fuzzyHits(words: [String], excluding: Set<Int64>, scanLimit: Int) -> [SpatialHit] {
        var matcher = FuzzyNameMatcher(words: words)
        guard matcher.canMatchFuzzily else { return [] }
        var scored: [(hit: SpatialHit, edits: Int)] = []
        arena.withUnsafeBytes { raw in
            for (index, record) in records.prefix(scanLimit).enumerated() {
                guard !excluding.contains(record.rowid), let distance = distance(record),
                    let edits = matcher.edits(utf8: UnsafeRawBufferPointer(rebasing: raw[record.text]))
                else { continue }
                scored.append(
                    (SpatialHit(
                        rowid: record.rowid, coordinate: record.coordinate, distance: distance, cellRecord: index), edits))
            }
        }
        scored.sort { ($0.edits, $0.hit.distance ?? 0, $0.hit.rowid) < ($1.edits, $1.hit.distance ?? 0, $1.hit.rowid) }
        return scored.map(\.hit)
    }

    /// The places of `hits` (from this scan) decoded for ranking straight from the records — what
    /// ``PlaceRecord/decodeLight(_:from:)`` reads from the rows — keyed by rowid.
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow`) for a bad id or alternative-names JSON.
    func lightPlaces(_ hits: [SpatialHit]) throws(PlaceStoreError) -> [Int64: Place] {
        var result: [Int64: Place] = [:]
        for hit in hits {
            guard let index = hit.cellRecord, records.indices.contains(index) else { continue }
            result[hit.rowid] = try lightPlace(records[index])
        }
        return result
    }

    private func lightPlace(_ record: Record) throws(PlaceStoreError) -> Place {
        func text(_ range: Range<Int>) -> String { String(decoding: arena[range], as: UTF8.self) }
        let rawID = text(record.parts.id)
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(.corruptRow(table: "places", id: rawID, detail: detail), path: nil, operation: "read place")
        }
        guard let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        var alternatives: [String] = []
        if let range = record.parts.alternativeNames {
            guard let object = try? JSONSerialization.jsonObject(with: Data(arena[range])), let names = object as? [String]
            else { throw fail("alt_names is not valid JSON of the expected shape") }
            alternatives = names
        }
        return Place(
            id: id, name: record.parts.name.map(text), alternativeNames: alternatives,
            category: text(record.parts.category), coordinate: record.coordinate, importance: record.parts.importance)
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
