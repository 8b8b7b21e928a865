import Foundation
import GRDB
import GeoKit
import PlaceKit

extension SQLitePlaceStore {
    /// Streets whose line's bounding box intersects `box` (split at the antimeridian), least
    /// prominent first (paths, minor, major; then by id), at most `limit`; empty when the file
    /// has none (``hasStreets``).
    ///
    /// - Complexity: O(log n + k) R*Tree search plus decoding k lines.
    public func streets(in box: BoundingBox, limit: Int = 100_000) throws(PlaceStoreError) -> [Street] {
        guard limit > 0, hasStreets else { return [] }
        return try read("streets(in:)") { db in
            var rows: [Int64: Street] = [:]
            for part in box.nonWrappingParts {
                let statement = try db.cachedStatement(sql: """
                    SELECT s.rowid, s.id, s.kind, s.line
                    FROM streets_rtree r CROSS JOIN streets s ON s.rowid = r.id
                    WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?
                    """)
                let cursor = try Row.fetchCursor(statement, arguments: [part.north, part.south, part.east, part.west])
                while let row = try cursor.next() {
                    let rowid = row.int64(0) ?? 0
                    guard rows[rowid] == nil else { continue }
                    rows[rowid] = try Self.decodeStreet(row)
                }
            }
            return Array(rows.values.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }.prefix(limit))
        }
    }

    private static func decodeStreet(_ row: Row) throws(PlaceStoreError) -> Street {
        let rawID: String = row.lenient(1) ?? ""
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(.corruptRow(table: "streets", id: rawID, detail: detail), path: nil, operation: "read street")
        }
        guard let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        let rawKind: Int = row.lenient(2) ?? -1
        guard let kind = Street.Kind(rawValue: rawKind) else { throw fail("bad kind \(rawKind)") }
        let blob: Data = row.lenient(3) ?? Data()
        guard let line = FootprintCodec.decode(blob) else { throw fail("bad line blob") }
        guard let street = Street(id: id, kind: kind, line: line) else { throw fail("fewer than two vertices") }
        return street
    }
}
