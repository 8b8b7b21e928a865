import GRDB

/// The derived-data schema of seed §9: runs, their place clusters, card models, the asset
/// references they were computed from, the geocode cache, and the places the user hid. No image
/// bytes, no URIs.
enum WrappedDatabaseSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE wrapped_run (
                        id INTEGER PRIMARY KEY,
                        time_range_start TEXT NOT NULL,
                        time_range_end TEXT NOT NULL,
                        filters_hash TEXT NOT NULL,
                        algorithm_version INTEGER NOT NULL,
                        access_privileges TEXT NOT NULL CHECK (access_privileges IN ('all', 'limited', 'none')),
                        photo_set_fingerprint TEXT NOT NULL,
                        total_assets INTEGER NOT NULL,
                        location_assets INTEGER NOT NULL,
                        location_coverage_pct REAL NOT NULL,
                        undated_assets INTEGER NOT NULL,
                        is_low_coverage INTEGER NOT NULL,
                        empty_reason TEXT,
                        stats_json TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE UNIQUE INDEX wrapped_run_key ON wrapped_run (
                        time_range_start, time_range_end, filters_hash, algorithm_version, access_privileges,
                        photo_set_fingerprint);
                    CREATE TABLE place_cluster (
                        wrapped_run_id INTEGER NOT NULL REFERENCES wrapped_run(id) ON DELETE CASCADE,
                        rank INTEGER NOT NULL,
                        id TEXT NOT NULL,
                        centroid_lat REAL NOT NULL,
                        centroid_lon REAL NOT NULL,
                        radius_m REAL NOT NULL,
                        photo_count INTEGER NOT NULL,
                        distinct_days_count INTEGER NOT NULL,
                        first_day TEXT NOT NULL,
                        last_day TEXT NOT NULL,
                        label TEXT,
                        label_confidence TEXT CHECK (label_confidence IN ('high', 'medium', 'low')),
                        representative_asset_ids TEXT NOT NULL,
                        asset_ids TEXT NOT NULL,
                        is_hidden INTEGER NOT NULL,
                        source TEXT NOT NULL DEFAULT 'gridcluster',
                        PRIMARY KEY (wrapped_run_id, rank)
                    );
                    CREATE TABLE card_model (
                        wrapped_run_id INTEGER NOT NULL REFERENCES wrapped_run(id) ON DELETE CASCADE,
                        render_order INTEGER NOT NULL,
                        type TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        PRIMARY KEY (wrapped_run_id, render_order)
                    );
                    CREATE TABLE asset_ref (
                        wrapped_run_id INTEGER NOT NULL REFERENCES wrapped_run(id) ON DELETE CASCADE,
                        asset_id TEXT NOT NULL,
                        creation_time_ms INTEGER NOT NULL,
                        media_type TEXT NOT NULL DEFAULT 'photo',
                        time_source TEXT NOT NULL CHECK (time_source IN ('exif_offset', 'location_zone', 'device_zone')),
                        PRIMARY KEY (wrapped_run_id, asset_id)
                    );
                    CREATE TABLE geocode_cache (
                        key TEXT PRIMARY KEY,
                        label TEXT NOT NULL,
                        confidence TEXT NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    """)
        }
        // The places the user hid (seed §10.7), kept between runs: a setting, not derived data.
        migrator.registerMigration("v2-hidden-places") { db in
            try db.execute(sql: "CREATE TABLE hidden_place (id TEXT PRIMARY KEY NOT NULL)")
        }
        // What a run's labels came from is part of its key (runs stored before keep '').
        migrator.registerMigration("v3-label-source") { db in
            try db.execute(
                sql: """
                    ALTER TABLE wrapped_run ADD COLUMN label_source TEXT NOT NULL DEFAULT '';
                    DROP INDEX wrapped_run_key;
                    CREATE UNIQUE INDEX wrapped_run_key ON wrapped_run (
                        time_range_start, time_range_end, filters_hash, algorithm_version, access_privileges,
                        photo_set_fingerprint, label_source);
                    """)
        }
        return migrator
    }
}
