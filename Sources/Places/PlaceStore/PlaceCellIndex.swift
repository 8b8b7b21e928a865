import Foundation
import GRDB
import GeoKit

/// Writing the cell-packed name index (`place_cells`, see ``PlaceStoreSchema``) from the
/// `places` rows, so it always says exactly what `places` says.
enum PlaceCellIndex {
    /// Above this many changed cells, rebuilding every cell in one pass over `places` is cheaper
    /// than one R*Tree query per cell.
    static let wholeRebuildThreshold = 2_048

    /// Rewrites the cells with these keys (deleting those left empty), or every cell when there
    /// are more than ``wholeRebuildThreshold``.
    ///
    /// - Complexity: O(k log n + p) for k cells holding p places; O(n) for a whole rebuild.
    static func rebuild(_ keys: Set<Int64>, _ db: Database) throws {
        guard !keys.isEmpty else { return }
        if keys.count > wholeRebuildThreshold { return try rebuildAll(db) }
        let select = try db.cachedStatement(
            sql: """
                SELECT \(columns)
                FROM places_rtree r CROSS JOIN places p ON p.rowid = r.id LEFT JOIN place_details d ON d.rowid = p.rowid
                WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?
                ORDER BY p.rowid
                """)
        for key in keys.sorted() {
            let box = PlaceCellGrid.bounds(ofKey: key)
            var blob: [UInt8] = [PlaceCellCodec.version]
            var texts: [[UInt8]] = []
            let cursor = try Row.fetchCursor(select, arguments: [box.north, box.south, box.east, box.west])
            while let row = try cursor.next() {
                try append(row, ifIn: key, to: &blob, texts: &texts)
            }
            try store(blob, texts: texts, key: key, db)
        }
    }

    /// Deletes every cell and writes them again from all of `places`, with their word indexes
    /// unless `words` is `false` (migration v2, before the `words` column exists).
    ///
    /// - Complexity: O(n) rows read, O(bytes) held in memory until written.
    static func rebuildAll(_ db: Database, words: Bool = true) throws {
        try db.execute(sql: "DELETE FROM place_cells")
        var blobs: [Int64: [UInt8]] = [:]
        var texts: [Int64: [[UInt8]]] = [:]
        let cursor = try Row.fetchCursor(
            db,
            sql:
                "SELECT \(columns) FROM places p LEFT JOIN place_details d ON d.rowid = p.rowid ORDER BY p.rowid"
        )
        while let row = try cursor.next() {
            let key = PlaceCellGrid.key(try coordinate(of: row))
            try append(
                row, ifIn: key, to: &blobs[key, default: [PlaceCellCodec.version]], texts: &texts[key, default: []])
        }
        for key in blobs.keys.sorted() {
            try store(blobs[key] ?? [], texts: words ? texts[key] ?? [] : nil, key: key, db)
        }
    }

    /// What a record holds, in the order ``append(_:ifIn:to:)`` reads it.
    static let columns =
        "p.rowid, p.lat, p.lon, p.importance, p.category, p.search_text, p.id, p.name, d.alt_names"

    /// Appends the record of a ``columns`` row whose coordinate falls in cell `key`, and its search
    /// text to `texts` (for the cell's ``PlaceCellWords``); skips other rows (the R*Tree box is a
    /// little larger than the cell).
    private static func append(
        _ row: Row, ifIn key: Int64, to blob: inout [UInt8], texts: inout [[UInt8]]
    ) throws {
        let coordinate = try coordinate(of: row)
        guard PlaceCellGrid.key(coordinate) == key else { return }
        func text(_ index: Int) -> [UInt8]? { row.string(index).map { Array($0.utf8) } }
        let searchText = text(5) ?? []
        PlaceCellCodec.append(
            rowid: row.int64(0) ?? 0, latitude: coordinate.latitude, longitude: coordinate.longitude,
            importance: row.double(3) ?? 0,
            strings: [text(4) ?? [], searchText, text(6) ?? [], text(7), text(8)], to: &blob)
        texts.append(searchText)
    }

    /// The coordinate in columns 1 and 2 of a `places` row.
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow`) when it is missing or out of range.
    private static func coordinate(of row: Row) throws(PlaceStoreError) -> Coordinate {
        guard let coordinate = SQLitePlaceStore.coordinate(row, 1) else {
            throw PlaceStoreError(
                .corruptRow(
                    table: "places", id: String(row.int64(0) ?? 0),
                    detail: "coordinate missing or out of range"),
                path: nil, operation: "build cell index")
        }
        return coordinate
    }

    /// Writes a cell's blob and the word index of its records' search texts (`texts`, in record
    /// order; `nil` before the `words` column exists), or deletes the cell when it holds no record.
    private static func store(_ blob: [UInt8], texts: [[UInt8]]?, key: Int64, _ db: Database) throws {
        if blob.count <= 1 {
            try db.execute(sql: "DELETE FROM place_cells WHERE cell = ?", arguments: [key])
        } else if let texts {
            try db.execute(
                sql: "INSERT OR REPLACE INTO place_cells (cell, data, words) VALUES (?, ?, ?)",
                arguments: [key, Data(blob), Data(PlaceCellWords.encode(searchTexts: texts))])
        } else {
            try db.execute(
                sql: "INSERT OR REPLACE INTO place_cells (cell, data) VALUES (?, ?)", arguments: [key, Data(blob)])
        }
    }
}
