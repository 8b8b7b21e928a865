import GRDB

/// The layout of an offline pack file: which tables it adds to the place store's schema, which
/// tables its checksums cover and in what order their rows are read.
///
/// A pack is one SQLite file in ``PlaceStore/PlaceStoreSchema`` (so ``PlaceStore/SQLitePlaceStore``
/// opens it in place) holding only what identification reads: every building footprint of the
/// area (with or without a height: an unknown height still occludes and can be hit), the places
/// that are landmarks (``IdentifyKit/LandmarkCatalog/osmLandmarks(_:)``), and three tables of its own:
/// * `pack_landmarks` — the landmark list's items near the area (`rowid`, `id`, `name`, `kind`,
///   `lat`, `lon`, `wikidata`, `height`, `source`), in the list's order;
/// * `pack_airports` — airports near the area (`rowid`, `icao`, `iata`, `name`, `city`, `lat`, `lon`);
/// * `pack_manifest` — key/value text: `format_version` (``version``), `manifest` (the
///   ``PackManifest`` as JSON, with the SHA-256 of every other table: ``coveredTables(_:)``) and
///   `manifest_sha256` (the SHA-256 of that JSON, so damage to the manifest itself is caught).
public enum PackFormat {
    /// The format this build writes and reads. A pack of another version is refused.
    public static let version = 1

    /// The tables the manifest's checksums cover: every table of the file but SQLite's own
    /// (`sqlite_%`: the schema and the planner's statistics) and the manifest. Virtual tables (the
    /// R*Trees, the full-text index) are covered through their shadow tables, which hold their
    /// content, so an edit anywhere a query reads is caught.
    package static func coveredTables(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> ?
                    AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                ORDER BY name
                """, arguments: [manifestTable])
    }

    /// Tables every pack has: what identification reads (the manifest must cover them).
    static let requiredTables = [
        "places", "place_details", "place_cells", "buildings", "store_metadata", landmarksTable, airportsTable,
    ]

    /// The landmark list's table.
    public static let landmarksTable = "pack_landmarks"
    /// The airports' table.
    public static let airportsTable = "pack_airports"
    /// The manifest's table.
    public static let manifestTable = "pack_manifest"

    /// The statements that add the pack's own tables to a finished place store.
    package static let createTables = """
        CREATE TABLE pack_landmarks (
            rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
            lat REAL NOT NULL, lon REAL NOT NULL, wikidata TEXT, height REAL, source TEXT NOT NULL
        );
        CREATE TABLE pack_airports (
            rowid INTEGER PRIMARY KEY, icao TEXT NOT NULL, iata TEXT, name TEXT NOT NULL, city TEXT NOT NULL,
            lat REAL NOT NULL, lon REAL NOT NULL
        );
        CREATE TABLE pack_manifest (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """
}
