import GRDB

/// The place store's SQLite schema, created and versioned through GRDB's `DatabaseMigrator`.
///
/// Tables (version 1, migration `"v1"`):
/// * `places` — the narrow, hot part of each place, read by every spatial scan: `rowid` links the
///   indexes; `id` is the ``PlaceKit/PlaceID`` raw value (unique); `name`, `category`;
///   `lat`/`lon` are the exact coordinates (REAL, degrees); `importance`; `search_text` is the
///   folded name and alternative names (`" cafe regatta …"`, leading space, single spaces) for
///   the space-first word-prefix filter. About 80 bytes a row.
/// * `place_details` — the rest, same `rowid`, read only for results: `alt_names`, `address` and
///   `tags` as JSON, `phone`, `website`, `opening_hours` (the raw tag), `wikidata`, `wikipedia`.
///   Splitting keeps the rows a scan touches ~6× smaller (fewer pages per city).
/// * `places_fts` — FTS5 over `name` and `alt_names` (`unicode61 remove_diacritics 2`,
///   prefix indexes for 2, 3 and 4 characters), `rowid` = `places.rowid`.
/// * `places_rtree` — R*Tree of point boxes `(min_lat, max_lat, min_lon, max_lon)`; SQLite keeps
///   them as float32 rounded outward, so a box query never misses a point, and exact distances
///   are re-checked from `places.lat/lon`.
/// * `buildings` and `buildings_rtree` — footprints (``FootprintCodec`` blobs) with heights, and
///   their bounding boxes.
/// * `store_metadata` — key/value text (source file, import time).
///
/// Version 2 (migration `"v2"`) adds:
/// * `place_cells` — the cell-packed name index: one row per ``PlaceCellGrid`` cell that holds
///   places, `cell` = its key, `data` = a ``PlaceCellCodec`` blob of every place in it (rowid,
///   exact lat/lon, importance, category, search text, id, name, alt-names JSON). A centred
///   search reads the cells around its box with one range query per latitude band instead of
///   stepping R*Tree and `places` rows, and decodes its ranking pool from the same bytes.
///   ``PlaceStoreWriter`` rebuilds the cells its inserts touched in ``PlaceStoreWriter/finish()``;
///   the migration fills them for a version-1 file's places.
///
/// Version 3 (migration `"v3"`) adds three nullable `buildings` columns: `kind` (the OSM
/// `building` value), `year` (INTEGER) and `wikidata`. An older file's buildings cannot be given
/// them without the source, so such a file is refused (``check(_:path:)``) and must be re-imported.
///
/// Version 4 (migration `"v4"`) adds `place_cells.words`: each cell's word index
/// (``PlaceCellWords``: the distinct words of its search texts, each with its character set and the
/// records holding it), which the typo pass reads to run the name matcher only on records holding
/// a word that can match. Older files are refused as for version 3.
///
/// Version 5 (migration `"v5"`) adds the base map's streets: `streets` (`id`, `kind` = the raw
/// value of ``PlaceKit/Street/Kind``, `line` = a ``FootprintCodec`` blob of the simplified centre
/// line) and `streets_rtree` (their bounding boxes). A version-4 file still opens: it has no
/// streets, and ``SQLitePlaceStore/hasStreets`` says so (re-import to get the base map).
public enum PlaceStoreSchema {
    /// The identifier of the newest migration this build knows.
    public static let currentVersion = "v5"
    /// The oldest migration a file must have to be read (files without ``streetsVersion`` open
    /// without streets).
    public static let minimumVersion = "v4"
    /// The migration that adds the base map's streets.
    public static let streetsVersion = "v5"

    /// The migrator that creates (or upgrades) a store.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE places (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT,
                    category TEXT NOT NULL,
                    lat REAL NOT NULL,
                    lon REAL NOT NULL,
                    importance REAL NOT NULL DEFAULT 0,
                    search_text TEXT NOT NULL DEFAULT ''
                );
                CREATE TABLE place_details (
                    rowid INTEGER PRIMARY KEY,
                    alt_names TEXT,
                    address TEXT,
                    phone TEXT,
                    website TEXT,
                    opening_hours TEXT,
                    wikidata TEXT,
                    wikipedia TEXT,
                    tags TEXT
                );
                CREATE VIRTUAL TABLE places_fts USING fts5(
                    name, alt_names,
                    tokenize = 'unicode61 remove_diacritics 2',
                    prefix = '2 3 4'
                );
                CREATE VIRTUAL TABLE places_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
                CREATE TABLE buildings (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT,
                    height REAL,
                    height_source TEXT NOT NULL,
                    levels INTEGER,
                    min_height REAL,
                    footprint BLOB NOT NULL
                );
                CREATE VIRTUAL TABLE buildings_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
                CREATE TABLE store_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE TABLE place_cells (cell INTEGER PRIMARY KEY, data BLOB NOT NULL)")
            try PlaceCellIndex.rebuildAll(db, words: false)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                ALTER TABLE buildings ADD COLUMN kind TEXT;
                ALTER TABLE buildings ADD COLUMN year INTEGER;
                ALTER TABLE buildings ADD COLUMN wikidata TEXT;
                """)
        }
        migrator.registerMigration("v4") { db in
            try db.execute(sql: "ALTER TABLE place_cells ADD COLUMN words BLOB")
            try PlaceCellIndex.rebuildAll(db)
        }
        migrator.registerMigration("v5") { db in
            try db.execute(sql: """
                CREATE TABLE streets (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, kind INTEGER NOT NULL, line BLOB NOT NULL);
                CREATE VIRTUAL TABLE streets_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
                """)
        }
        return migrator
    }

    /// Throws unless `db` has every migration through ``minimumVersion`` and none this build does
    /// not know; returns whether it also has the streets (``streetsVersion``).
    @discardableResult
    static func check(_ db: Database, path: String?) throws(PlaceStoreError) -> Bool {
        do {
            let migrator = migrator
            if try migrator.hasBeenSuperseded(db) {
                throw PlaceStoreError(
                    .incompatibleSchema("written by a newer version (unknown migrations)"),
                    path: path, operation: "open")
            }
            let applied = try migrator.appliedIdentifiers(db)
            // Every migration up to and including the minimum (a file missing an older one was
            // written by no release of this schema).
            let required = migrator.migrations.prefix { $0 != minimumVersion } + [minimumVersion]
            guard required.allSatisfy(applied.contains) else {
                throw PlaceStoreError(
                    .incompatibleSchema("not a place store, or missing migration \(minimumVersion) (re-import the file)"),
                    path: path, operation: "open")
            }
            return applied.contains(streetsVersion)
        } catch let error as PlaceStoreError {
            throw error
        } catch {
            throw PlaceStoreError.wrap(error, path: path, operation: "open")
        }
    }
}

extension PlaceStoreError {
    /// Wraps any error from GRDB (or ours, unchanged) with the path and operation.
    static func wrap(_ error: any Error, path: String?, operation: String) -> PlaceStoreError {
        if let error = error as? PlaceStoreError { return error }
        if let error = error as? DatabaseError {
            return PlaceStoreError(
                .sqlite(code: error.extendedResultCode.rawValue, message: error.message ?? "\(error)"),
                path: path, operation: operation)
        }
        return PlaceStoreError(.sqlite(code: 1, message: "\(error)"), path: path, operation: operation)
    }
}
