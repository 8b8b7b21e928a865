import GRDB
import GeoKit
import PlaceKit

/// One R*Tree hit before the full row is read.
struct SpatialHit {
    var rowid: Int64
    var coordinate: Coordinate
    var distance: Double?
    /// Whether the folded (primary) name begins with the whole folded query (text queries only).
    var nameStartsWithQuery = false
    /// Its index in the ``PlaceCellScan`` that found it, if a cell scan did.
    var cellRecord: Int?
}

/// How much of a place a read decodes.
enum PlaceDecoding {
    /// Everything (``PlaceRecord/decode(_:)``): what callers of the public API get.
    case full
    /// What ranking needs (``PlaceRecord/decodeLight(_:from:)``): candidate pools.
    case light
}

extension SQLitePlaceStore {
    /// At most this many categories are used from a filter (the rest are ignored).
    public static let maximumCategoryFilter = 64

    /// Places inside `box` (edges inclusive, split at the antimeridian), optionally only of the
    /// given categories, most important first (ties by id), at most `limit`.
    ///
    /// - Complexity: O(log n + k) R*Tree search for k points in the box, plus a sort of k.
    public func places(
        in box: BoundingBox, categories: [PlaceCategory.ID] = [], limit: Int = 100
    ) throws(PlaceStoreError) -> [Place] {
        try places(in: box, categories: categories, limit: limit, decoding: .full)
    }

    /// ``places(in:categories:limit:)`` decoding `decoding` of each place.
    func places(
        in box: BoundingBox, categories: [PlaceCategory.ID], limit: Int, decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> [Place] {
        guard limit > 0 else { return [] }
        return try read("places(in:)") { db in
            var hits: [(rowid: Int64, importance: Double, id: String)] = []
            var seen = Set<Int64>()
            for part in box.nonWrappingParts {
                let filter = Self.categoryFilter(categories)
                let sql = """
                    SELECT p.rowid, p.importance, p.id, p.lat, p.lon
                    FROM places_rtree r CROSS JOIN places p ON p.rowid = r.id
                    WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?\(filter.sql)
                    """
                let arguments = StatementArguments([part.north, part.south, part.east, part.west]) + filter.arguments
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try cursor.next() {
                    let rowid = row.int64(0) ?? 0
                    // Float32 boxes are rounded outward: re-check the exact coordinate.
                    guard let coordinate = Self.coordinate(row, 3), box.contains(coordinate),
                        seen.insert(rowid).inserted
                    else { continue }
                    hits.append((rowid, row.double(1) ?? 0, row.string(2) ?? ""))
                }
            }
            hits.sort { $0.importance != $1.importance ? $0.importance > $1.importance : $0.id < $1.id }
            let chosen = hits.prefix(limit).map(\.rowid)
            let places = try Self.fetchPlaces(rowids: chosen, db, decoding: decoding)
            return chosen.compactMap { places[$0] }
        }
    }

    /// Places within `radius` metres (haversine) of `center`, optionally only of the given
    /// categories, nearest first (ties by id), at most `limit`.
    ///
    /// Reads the cell-packed index for the box (the R*Tree for boxes over ≈ 1° tall).
    ///
    /// - Throws: ``PlaceStoreError`` for a negative or non-finite radius or a corrupt cell.
    /// - Complexity: O(c log n + k) for c cells holding k points around the box, plus a sort of the hits.
    public func places(
        near center: Coordinate, radius: Double, categories: [PlaceCategory.ID] = [], limit: Int = 100
    ) throws(PlaceStoreError) -> [NearbyPlace] {
        try places(near: center, radius: radius, categories: categories, limit: limit, decoding: .full)
    }

    /// ``places(near:radius:categories:limit:)`` decoding `decoding` of each place.
    func places(
        near center: Coordinate, radius: Double, categories: [PlaceCategory.ID], limit: Int, decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> [NearbyPlace] {
        let box = try Self.box(around: center, radius: radius, operation: "places(near:)")
        guard limit > 0 else { return [] }
        return try read("places(near:)") { db in
            let scan = usesCellIndex
                ? try PlaceCellScan.load(box: box, center: center, radius: radius, categories: categories, db) { _, _ in 0 }
                : nil
            let hits = try scan?.hits(words: [])
                ?? Self.spatialHits(in: box, center: center, radius: radius, categories: categories, words: [], db)
            let chosen = Array(hits.prefix(limit))
            let places = if let scan, decoding == .light {
                try scan.lightPlaces(chosen)
            } else {
                try Self.fetchPlaces(rowids: chosen.map(\.rowid), db, decoding: decoding)
            }
            return chosen.compactMap { hit in
                places[hit.rowid].map { NearbyPlace(place: $0, distance: hit.distance ?? 0) }
            }
        }
    }

    /// `BoundingBox.around` with the error mapped to ``PlaceStoreError``.
    static func box(around center: Coordinate, radius: Double, operation: String) throws(PlaceStoreError) -> BoundingBox {
        do {
            return try BoundingBox.around(center, radius: radius)
        } catch {
            throw PlaceStoreError(.invalidArgument(error.description), path: nil, operation: operation)
        }
    }

    /// R*Tree hits in `box` that pass the category filter and contain every word (as a word
    /// prefix of the folded names); with a centre, only those within `radius`, sorted by distance
    /// then rowid; without, in rowid order.
    static func spatialHits(
        in box: BoundingBox, center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
        words: [String], _ db: Database
    ) throws -> [SpatialHit] {
        let filter = categoryFilter(categories)
        let text = words.map { _ in " AND instr(p.search_text, ?) > 0" }.joined()
        let whole = " " + words.joined(separator: " ")
        let sql = """
            SELECT p.rowid, p.lat, p.lon\(words.isEmpty ? "" : ", p.search_text")
            FROM places_rtree r CROSS JOIN places p ON p.rowid = r.id
            WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?\(filter.sql)\(text)
            """
        var hits: [SpatialHit] = []
        var seen = Set<Int64>()
        for part in box.nonWrappingParts {
            let arguments = StatementArguments([part.north, part.south, part.east, part.west]) + filter.arguments
                + StatementArguments(words.map { " " + $0 })
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try cursor.next() {
                guard let coordinate = coordinate(row, 1) else { continue }
                let rowid = row.int64(0) ?? 0
                var distance: Double?
                if let center {
                    let exact = Haversine.distance(center, coordinate)
                    guard exact <= radius else { continue }
                    distance = exact
                } else {
                    guard box.contains(coordinate) else { continue }
                }
                guard seen.insert(rowid).inserted else { continue }
                let starts = !words.isEmpty && (row.string(3)?.hasPrefix(whole) ?? false)
                hits.append(SpatialHit(rowid: rowid, coordinate: coordinate, distance: distance, nameStartsWithQuery: starts))
            }
        }
        hits.sort { ($0.distance ?? 0, $0.rowid) < ($1.distance ?? 0, $1.rowid) }
        return hits
    }

    /// `AND p.category IN (?, …)` and its arguments, or nothing for an empty filter.
    static func categoryFilter(_ categories: [PlaceCategory.ID]) -> (sql: String, arguments: StatementArguments) {
        let unique = categoryFilterValues(categories)
        guard !unique.isEmpty else { return ("", StatementArguments()) }
        let marks = Array(repeating: "?", count: unique.count).joined(separator: ", ")
        return (" AND p.category IN (\(marks))", StatementArguments(Array(unique)))
    }

    /// The categories a filter uses: the first ``maximumCategoryFilter`` distinct ids in sorted order.
    static func categoryFilterValues(_ categories: [PlaceCategory.ID]) -> ArraySlice<PlaceCategory.ID> {
        Array(Set(categories)).sorted().prefix(maximumCategoryFilter)
    }

    /// The coordinate in columns `index` and `index + 1`, or `nil` if the row is damaged.
    static func coordinate(_ row: Row, _ index: Int) -> Coordinate? {
        let latitude = row.double(index)
        let longitude = row.double(index + 1)
        guard let latitude, let longitude else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Places for the given rowids, keyed by rowid (missing rowids are absent), decoded in full or
    /// only as far as ranking needs.
    static func fetchPlaces(rowids: [Int64], _ db: Database, decoding: PlaceDecoding = .full) throws -> [Int64: Place] {
        var result: [Int64: Place] = [:]
        var start = 0
        while start < rowids.count {
            let chunk = Array(rowids[start..<min(rowids.count, start + 500)])
            start += chunk.count
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let columns = decoding == .full ? PlaceRecord.selectColumns : PlaceRecord.lightColumns
            let statement = try db.cachedStatement(
                sql: "SELECT p.rowid, \(columns) FROM \(PlaceRecord.fromTables) WHERE p.rowid IN (\(marks))")
            let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(chunk))
            while let row = try cursor.next() {
                let rowid = row.int64(0) ?? 0
                result[rowid] =
                    decoding == .full
                    ? try PlaceRecord.decode(SQLiteColumns(statement, from: 1)) : try PlaceRecord.decodeLight(row, from: 1)
            }
        }
        return result
    }
}
