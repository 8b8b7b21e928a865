import Foundation
import GRDB
import GeoKit
import PlaceKit

/// A read-only place store in one SQLite file (schema: ``PlaceStoreSchema``), safe to share
/// between tasks: reads run concurrently on a GRDB `DatabasePool`.
///
/// Files are written by ``PlaceStoreWriter``; the OSM importer writes a temporary file and renames
/// it over the old one. Connections already open keep reading the file they opened, but the pool
/// may open further connections on the new file, so open a new store after an import. Opening
/// never modifies the file: no journal-mode change, no `-wal`/`-shm` files.
///
/// Each connection holds a shared lock on the file from its first read until the store is released
/// (SQLite's exclusive locking mode for readers), so the file cannot be changed in place while a
/// store has it open: a writer on the same path fails with "database is locked".
///
/// Spatial queries take boxes from `BoundingBox.around` (split at the antimeridian) and read
/// either the cell-packed name index (`place_cells`: centred and small-region text and nearby
/// scans) or the R*Tree (large regions, region listings), re-checking exact haversine distances
/// from the stored coordinates.
public struct SQLitePlaceStore: Sendable {
    /// The database file.
    public let path: String
    /// Whether the file holds the base map's streets (written by imports since schema
    /// version 5); `false` for an older file, which serves everything else as before: re-import
    /// it to get the base map.
    public let hasStreets: Bool
    let pool: DatabasePool

    /// Up to this many rows are scanned by the typo (fuzzy) fallback per query.
    public static let fuzzyScanLimit = 50_000
    /// The fuzzy fallback runs when the prefix search finds fewer than this many places (or
    /// fewer than the limit, if smaller).
    public static let fuzzyFallbackThreshold = 3

    /// Bytes of the file each connection memory-maps (1 GiB; address space only, pages are shared
    /// with the OS page cache).
    public static let mmapBytes = 1 << 30

    /// Whether centred and small-region scans read the cell-packed name index (`place_cells`);
    /// `false` sends them through the R*Tree (the reference path tests compare against).
    var usesCellIndex = true

    /// Opens an existing store read-only.
    ///
    /// - Throws: ``PlaceStoreError`` if the file is missing, not SQLite, or not a place store of a
    ///   schema version this build reads.
    public init(path: String) throws(PlaceStoreError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw PlaceStoreError(.io("no such file"), path: path, operation: "open")
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.maximumReaderCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
            configuration.prepareDatabase { db in
                // Memory-map the file (no read syscall per page) and keep 16 MiB of pages per
                // connection. Exclusive locking mode: a read-only connection takes its shared lock
                // at the first read and keeps it, instead of locking, checking for a hot journal and
                // unlocking around every statement (about five system calls each; a search runs a
                // dozen statements). The file is never written in place while a store has it open
                // (imports rename a new file over it); a writer that tries gets SQLITE_BUSY.
                try db.execute(sql: """
                    PRAGMA mmap_size = \(Self.mmapBytes); PRAGMA cache_size = -16384; PRAGMA locking_mode = EXCLUSIVE
                    """)
            }
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "open")
        }
        hasStreets = try Self.read(pool, path: path, "open") { db in try PlaceStoreSchema.check(db, path: path) }
    }

    /// Runs `body` on a reader connection, mapping every error to ``PlaceStoreError``.
    ///
    /// Without an explicit transaction (GRDB's `unsafeRead`): the file is opened read-only and is
    /// never written in place (imports replace it by rename), so there is nothing to isolate
    /// from, and each query saves the `BEGIN`/`COMMIT` round trip.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(PlaceStoreError) -> T {
        try Self.read(pool, path: path, operation, body)
    }

    private static func read<T>(
        _ pool: DatabasePool, path: String, _ operation: String, _ body: (Database) throws -> T
    ) throws(PlaceStoreError) -> T {
        do {
            return try pool.unsafeRead { db in try body(db) }
        } catch {
            var wrapped = PlaceStoreError.wrap(error, path: path, operation: operation)
            if wrapped.path == nil { wrapped.path = path }
            throw wrapped
        }
    }

    /// The place with this id, or `nil`.
    ///
    /// - Complexity: O(log n) (unique index on `id`).
    public func place(id: PlaceID) throws(PlaceStoreError) -> Place? {
        try read("place(id:)") { db in
            let statement = try db.cachedStatement(sql: "SELECT \(PlaceRecord.selectColumns) FROM \(PlaceRecord.fromTables) WHERE p.id = ?")
            let cursor = try Row.fetchCursor(statement, arguments: [id.rawValue])
            guard try cursor.next() != nil else { return nil }
            return try PlaceRecord.decode(SQLiteColumns(statement))
        }
    }

    /// The stored places with these ids, keyed by id (ids not in the store are absent), in one read
    /// (one `IN` query per 500 distinct ids).
    ///
    /// - Complexity: O(k log n) for k ids (unique index on `id`).
    func places(ids: [PlaceID]) throws(PlaceStoreError) -> [PlaceID: Place] {
        let unique = Array(Set(ids.map(\.rawValue)))
        return try read("places(ids:)") { db in
            var result: [PlaceID: Place] = [:]
            var start = 0
            while start < unique.count {
                let chunk = Array(unique[start..<min(unique.count, start + 500)])
                start += chunk.count
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let statement = try db.cachedStatement(
                    sql: "SELECT \(PlaceRecord.selectColumns) FROM \(PlaceRecord.fromTables) WHERE p.id IN (\(marks))")
                let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(chunk))
                while try cursor.next() != nil {
                    let place = try PlaceRecord.decode(SQLiteColumns(statement))
                    result[place.id] = place
                }
            }
            return result
        }
    }

    /// A metadata value written at import (`"source"`, `"imported_at"`), or `nil`.
    public func metadata(_ key: String) throws(PlaceStoreError) -> String? {
        try read("metadata") { db in
            try String.fetchOne(db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [key])
        }
    }

    /// How many places and buildings the store holds.
    ///
    /// - Complexity: O(n) (table scans).
    public func counts() throws(PlaceStoreError) -> PlaceStoreCounts {
        try read("counts()") { db in
            let places = try Int.fetchOne(db, sql: "SELECT count(*) FROM places") ?? 0
            let named = try Int.fetchOne(db, sql: "SELECT count(*) FROM places WHERE name IS NOT NULL") ?? 0
            let categories = try Int.fetchOne(db, sql: "SELECT count(DISTINCT category) FROM places") ?? 0
            let buildings = try Int.fetchOne(db, sql: "SELECT count(*) FROM buildings") ?? 0
            return PlaceStoreCounts(places: places, namedPlaces: named, categories: categories, buildings: buildings)
        }
    }

    /// Buildings whose footprint's bounding box intersects `box` (split at the antimeridian), in
    /// id order, at most `limit`.
    ///
    /// - Complexity: O(log n + k) R*Tree search plus decoding k footprints.
    public func buildings(in box: BoundingBox, limit: Int = 10_000) throws(PlaceStoreError) -> [Building] {
        guard limit > 0 else { return [] }
        return try read("buildings(in:)") { db in
            var rows: [Int64: Building] = [:]
            for part in box.nonWrappingParts {
                let statement = try db.cachedStatement(sql: """
                    SELECT b.rowid, b.id, b.name, b.height, b.height_source, b.levels, b.min_height, b.footprint,
                        b.kind, b.year, b.wikidata
                    FROM buildings_rtree r CROSS JOIN buildings b ON b.rowid = r.id
                    WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?
                    """)
                let cursor = try Row.fetchCursor(statement, arguments: [part.north, part.south, part.east, part.west])
                while let row = try cursor.next() {
                    let rowid = row.int64(0) ?? 0
                    guard rows[rowid] == nil else { continue }
                    rows[rowid] = try Self.decodeBuilding(row)
                }
            }
            return Array(rows.values.sorted { $0.id < $1.id }.prefix(limit))
        }
    }

    private static func decodeBuilding(_ row: Row) throws(PlaceStoreError) -> Building {
        let rawID: String = row.lenient(1) ?? ""
        func fail(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(.corruptRow(table: "buildings", id: rawID, detail: detail), path: nil, operation: "read building")
        }
        guard let id = PlaceID(rawValue: rawID) else { throw fail("bad id") }
        let blob: Data = row.lenient(7) ?? Data()
        guard let footprint = FootprintCodec.decode(blob) else { throw fail("bad footprint blob") }
        let sourceText: String = row.lenient(4) ?? ""
        guard let source = Building.HeightSource(rawValue: sourceText) else { throw fail("bad height_source") }
        guard let building = Building(
            id: id, footprint: footprint, height: row.lenient(3), heightSource: source, levels: row.lenient(5),
            minHeight: row.lenient(6), name: row.lenient(2), kind: row.lenient(8), year: row.lenient(9),
            wikidataID: row.lenient(10))
        else { throw fail("degenerate footprint") }
        return building
    }
}
