import Foundation
import GRDB
import GeoKit
import PlaceKit

/// Builds a new place store file: create, insert places, buildings and streets in batches, then
/// ``finish()`` (write the cells of the name index the inserts touched, optimise the full-text
/// index, `ANALYZE`, `VACUUM`, close). Until ``finish()`` the cell index is stale: only a
/// finished file is a store.
///
/// Meant for bulk loading a file nobody else has open (the importer writes a temporary file and
/// renames it into place): journaling is off and writes are not synced until ``finish()``, so a
/// crash or error mid-way leaves a file to discard, never one to trust.
///
/// Inserting a place or building whose id is already stored replaces it (and its index entries).
public final class PlaceStoreWriter {
    /// The database file being written.
    public let path: String
    private let queue: DatabaseQueue
    private let encoder = PlaceRecord.makeEncoder()
    private var finished = false
    /// Cells of the name index whose places changed since the last ``finish()``.
    private var changedCells = Set<Int64>()

    /// Creates (or opens) the store at `path` and applies the schema.
    ///
    /// - Parameter maximumBytes: when set, SQLite refuses to grow the file past about this many
    ///   bytes and inserts fail with a storage-full error (``PlaceStoreError/isStorageFull``).
    /// - Throws: ``PlaceStoreError`` if the file cannot be created or is not a place store.
    public init(path: String, maximumBytes: Int? = nil) throws(PlaceStoreError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536;")
                if let maximumBytes {
                    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                    try db.execute(sql: "PRAGMA max_page_count = \(max(1, maximumBytes / pageSize))")
                }
            }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try PlaceStoreSchema.migrator.migrate(queue)
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "create store")
        }
    }

    /// Inserts (or replaces) places in one transaction.
    ///
    /// - Complexity: O(n log N) for n places into a store of N.
    public func insert<S: Sequence<Place>>(_ places: S) throws(PlaceStoreError) {
        do {
            try queue.write { db in
                let find = try db.cachedStatement(sql: "SELECT rowid, lat, lon FROM places WHERE id = ?")
                let insert = try db.cachedStatement(sql: PlaceRecord.insertSQL)
                let details = try db.cachedStatement(sql: PlaceRecord.insertDetailsSQL)
                let fts = try db.cachedStatement(sql: "INSERT INTO places_fts (rowid, name, alt_names) VALUES (?, ?, ?)")
                let rtree = try db.cachedStatement(sql: "INSERT INTO places_rtree VALUES (?, ?, ?, ?, ?)")
                for place in places {
                    if let old = try Row.fetchOne(find, arguments: [place.id.rawValue]) {
                        if let coordinate = SQLitePlaceStore.coordinate(old, 1) {
                            changedCells.insert(PlaceCellGrid.key(coordinate))
                        }
                        try Self.deletePlace(rowid: old.int64(0) ?? 0, db)
                    }
                    changedCells.insert(PlaceCellGrid.key(place.coordinate))
                    try insert.execute(arguments: PlaceRecord.arguments(for: place))
                    let rowid = db.lastInsertedRowID
                    try details.execute(arguments: PlaceRecord.detailArguments(for: place, rowid: rowid, encoder: encoder))
                    let alternatives = place.alternativeNames.joined(separator: " ; ")
                    try fts.execute(arguments: [rowid, place.name ?? "", alternatives])
                    let c = place.coordinate
                    try rtree.execute(arguments: [rowid, c.latitude, c.latitude, c.longitude, c.longitude])
                }
            }
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "insert places")
        }
    }

    private static func deletePlace(rowid: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM places WHERE rowid = ?", arguments: [rowid])
        try db.execute(sql: "DELETE FROM place_details WHERE rowid = ?", arguments: [rowid])
        try db.execute(sql: "DELETE FROM places_fts WHERE rowid = ?", arguments: [rowid])
        try db.execute(sql: "DELETE FROM places_rtree WHERE id = ?", arguments: [rowid])
    }

    /// Inserts (or replaces) buildings in one transaction.
    ///
    /// - Complexity: O(n log N + total vertices).
    public func insert<S: Sequence<Building>>(buildings: S) throws(PlaceStoreError) {
        do {
            try queue.write { db in
                let find = try db.cachedStatement(sql: "SELECT rowid FROM buildings WHERE id = ?")
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO buildings
                        (id, name, height, height_source, levels, min_height, footprint, kind, year, wikidata)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                let rtree = try db.cachedStatement(sql: "INSERT INTO buildings_rtree VALUES (?, ?, ?, ?, ?)")
                for building in buildings {
                    if let old = try Int64.fetchOne(find, arguments: [building.id.rawValue]) {
                        try db.execute(sql: "DELETE FROM buildings WHERE rowid = ?", arguments: [old])
                        try db.execute(sql: "DELETE FROM buildings_rtree WHERE id = ?", arguments: [old])
                    }
                    try insert.execute(arguments: [
                        building.id.rawValue, building.name, building.height, building.heightSource.rawValue,
                        building.levels, building.minHeight, FootprintCodec.encode(building.footprint),
                        building.kind, building.year, building.wikidataID,
                    ])
                    let box = Self.bounds(of: building.footprint)
                    try rtree.execute(arguments: [db.lastInsertedRowID, box.south, box.north, box.west, box.east])
                }
            }
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "insert buildings")
        }
    }

    /// Inserts (or replaces) the base map's streets in one transaction.
    ///
    /// - Complexity: O(n log N + total vertices).
    public func insert<S: Sequence<Street>>(streets: S) throws(PlaceStoreError) {
        do {
            try queue.write { db in
                let find = try db.cachedStatement(sql: "SELECT rowid FROM streets WHERE id = ?")
                let insert = try db.cachedStatement(sql: "INSERT INTO streets (id, kind, line) VALUES (?, ?, ?)")
                let rtree = try db.cachedStatement(sql: "INSERT INTO streets_rtree VALUES (?, ?, ?, ?, ?)")
                for street in streets {
                    if let old = try Int64.fetchOne(find, arguments: [street.id.rawValue]) {
                        try db.execute(sql: "DELETE FROM streets WHERE rowid = ?", arguments: [old])
                        try db.execute(sql: "DELETE FROM streets_rtree WHERE id = ?", arguments: [old])
                    }
                    try insert.execute(arguments: [
                        street.id.rawValue, street.kind.rawValue, FootprintCodec.encode(street.line),
                    ])
                    let box = Self.bounds(of: street.line)
                    try rtree.execute(arguments: [db.lastInsertedRowID, box.south, box.north, box.west, box.east])
                }
            }
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "insert streets")
        }
    }

    /// The footprint's (or line's) extent as (south, west, north, east); a ring spanning more than 180° of
    /// longitude (crossing the antimeridian) gets the full longitude range, which is conservative.
    static func bounds(of ring: [Coordinate]) -> (south: Double, west: Double, north: Double, east: Double) {
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
        for vertex in ring {
            south = min(south, vertex.latitude)
            north = max(north, vertex.latitude)
            west = min(west, vertex.longitude)
            east = max(east, vertex.longitude)
        }
        if east - west > 180 { (west, east) = (-180, 180) }
        return (south, west, north, east)
    }

    /// Records a metadata value (`"source"`, `"imported_at"`…), replacing any previous one.
    public func setMetadata(_ key: String, _ value: String) throws(PlaceStoreError) {
        do {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "set metadata")
        }
    }

    /// Rewrites the name-index cells the inserts changed (in one transaction), optimises the
    /// full-text index, gathers planner statistics, switches to rollback journaling, compacts the
    /// file (`VACUUM`) and closes it. The writer cannot be used afterwards.
    ///
    /// - Complexity: O(file size).
    public func finish() throws(PlaceStoreError) {
        guard !finished else { return }
        do {
            let changed = changedCells
            try queue.write { db in try PlaceCellIndex.rebuild(changed, db) }
            changedCells = []
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "INSERT INTO places_fts (places_fts) VALUES ('optimize')")
                try db.execute(sql: "ANALYZE")
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                try db.execute(sql: "VACUUM")
            }
            try queue.close()
            finished = true
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "finish store")
        }
    }

    /// Closes the file without finishing it (after a failure; the caller deletes the file).
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? queue.close()
    }
}
