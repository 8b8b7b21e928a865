import Foundation
import GRDB
import GeoKit
import PlaceKit
import ProximityKit

/// Trips and their saved places in SQLite (GRDB), with migrations. Every write is one transaction
/// and is validated first (``TripValidation``): an invalid value is refused naming its field and
/// nothing is written.
public final class TripStore: Sendable {
    /// The file.
    public let path: String
    private let queue: DatabaseQueue

    /// Opens (creating and migrating) the store at `path`.
    public init(path: String) throws(ProximityFieldError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            // Another process (a second `loci` command, the app and its extension) may be
            // writing the same file: wait for its lock instead of failing with "database is locked".
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch {
            throw ProximityFieldError(field: nil, "\(path): \(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE trip (
                        id TEXT PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        start_date TEXT,
                        end_date TEXT,
                        active INTEGER NOT NULL,
                        alert_radius_m REAL NOT NULL,
                        quiet_start INTEGER,
                        quiet_end INTEGER,
                        time_zone TEXT NOT NULL
                    );
                    CREATE TABLE saved_place (
                        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
                        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
                        category TEXT,
                        opening_hours TEXT,
                        PRIMARY KEY (trip_id, id)
                    );
                    """)
        }
        // Per-place alert radius and note; NULL (every place of an older store) means the trip's
        // radius and no note.
        migrator.registerMigration("v2-place-radius-note") { db in
            try db.execute(sql: "ALTER TABLE saved_place ADD COLUMN radius_m REAL; ALTER TABLE saved_place ADD COLUMN note TEXT;")
        }
        // When a place was visited (its alert opened); NULL (every place of an older store) is
        // not visited yet.
        migrator.registerMigration("v3-place-visited") { db in
            try db.execute(sql: "ALTER TABLE saved_place ADD COLUMN visited_at REAL")
        }
        return migrator
    }

    private func write<T>(_ body: (Database) throws -> T) throws(ProximityFieldError) -> T {
        do {
            return try queue.write(body)
        } catch let error as ProximityFieldError {
            throw error
        } catch {
            throw ProximityFieldError(field: nil, "\(path): \(error)")
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(ProximityFieldError) -> T {
        do {
            return try queue.read(body)
        } catch let error as ProximityFieldError {
            throw error
        } catch {
            throw ProximityFieldError(field: nil, "\(path): \(error)")
        }
    }

    /// Adds a trip; its name must be new (case-insensitive).
    public func create(_ trip: Trip) throws(ProximityFieldError) {
        try TripValidation.check(trip)
        try write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE name = ? OR id = ?", arguments: [trip.name, trip.id]) == true {
                throw ProximityFieldError(field: "name", "a trip called '\(trip.name)' already exists")
            }
            try db.execute(
                sql: """
                    INSERT INTO trip (id, name, start_date, end_date, active, alert_radius_m, quiet_start, quiet_end, time_zone)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    trip.id, trip.name, trip.startDate, trip.endDate, trip.isActive, trip.alertRadius, trip.quietHours?.start,
                    trip.quietHours?.end, trip.timeZone,
                ])
        }
    }

    /// Replaces a trip's fields (found by id).
    public func update(_ trip: Trip) throws(ProximityFieldError) {
        try TripValidation.check(trip)
        try write { db in
            try db.execute(
                sql: """
                    UPDATE trip SET name = ?, start_date = ?, end_date = ?, active = ?, alert_radius_m = ?, quiet_start = ?,
                    quiet_end = ?, time_zone = ? WHERE id = ?
                    """,
                arguments: [
                    trip.name, trip.startDate, trip.endDate, trip.isActive, trip.alertRadius, trip.quietHours?.start,
                    trip.quietHours?.end, trip.timeZone, trip.id,
                ])
            guard db.changesCount == 1 else { throw ProximityFieldError(field: "id", "no trip with id '\(trip.id)'") }
        }
    }

    /// Every trip, by name.
    public func trips() throws(ProximityFieldError) -> [Trip] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM trip ORDER BY name COLLATE NOCASE").map(Self.trip) }
    }

    /// The trip with this name (case-insensitive) or id.
    public func trip(named name: String) throws(ProximityFieldError) -> Trip? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM trip WHERE name = ? OR id = ?", arguments: [name, name]).map(Self.trip) }
    }

    /// Deletes a trip and its places; false when there was none.
    @discardableResult
    public func delete(tripID: String) throws(ProximityFieldError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM trip WHERE id = ?", arguments: [tripID])
            return db.changesCount > 0
        }
    }

    /// Adds (or replaces, by id) places of a trip, all or nothing. A replaced place keeps its
    /// visit when the new value has none (an edit, or a file imported again, never un-visits it).
    public func add(_ places: [SavedPlace]) throws(ProximityFieldError) {
        for place in places { try TripValidation.check(place) }
        try write { db in
            for place in places {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM trip WHERE id = ?", arguments: [place.tripID]) == true else {
                    throw ProximityFieldError(field: "trip", "no trip with id '\(place.tripID)'")
                }
                try db.execute(
                    sql: """
                        INSERT INTO saved_place (trip_id, id, name, lat, lon, category, opening_hours, radius_m, note, visited_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (trip_id, id) DO UPDATE SET
                            name = excluded.name, lat = excluded.lat, lon = excluded.lon, category = excluded.category,
                            opening_hours = excluded.opening_hours, radius_m = excluded.radius_m, note = excluded.note,
                            visited_at = COALESCE(excluded.visited_at, saved_place.visited_at)
                        """,
                    arguments: [
                        place.tripID, place.id, place.name, place.coordinate.latitude, place.coordinate.longitude, place.category,
                        place.openingHours?.raw, place.alertRadius, place.note, place.visitedAt,
                    ])
            }
        }
    }

    /// Removes a place from a trip; false when it was not there.
    @discardableResult
    public func remove(placeID: String, tripID: String) throws(ProximityFieldError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM saved_place WHERE trip_id = ? AND id = ?", arguments: [tripID, placeID])
            return db.changesCount > 0
        }
    }

    /// Marks a place of a trip visited at `time` (seconds since 1970); the first visit is kept.
    /// Returns false when the place is not in the trip or was visited already.
    @discardableResult
    public func markVisited(placeID: String, tripID: String, at time: Double) throws(ProximityFieldError) -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE saved_place SET visited_at = ? WHERE trip_id = ? AND id = ? AND visited_at IS NULL",
                arguments: [time, tripID, placeID])
            return db.changesCount > 0
        }
    }

    /// A trip's places (all trips' when nil), by name.
    public func places(tripID: String? = nil) throws(ProximityFieldError) -> [SavedPlace] {
        try read { db in
            let rows =
                if let tripID {
                    try Row.fetchAll(db, sql: "SELECT * FROM saved_place WHERE trip_id = ? ORDER BY name, id", arguments: [tripID])
                } else {
                    try Row.fetchAll(db, sql: "SELECT * FROM saved_place ORDER BY trip_id, name, id")
                }
            return try rows.map { row in
                guard let coordinate = try? Coordinate(latitude: row["lat"], longitude: row["lon"]) else {
                    throw ProximityFieldError(field: "lat/lon", "place \(row["id"] as String? ?? "?") has an invalid position")
                }
                let hours: String? = row["opening_hours"]
                return SavedPlace(
                    id: row["id"], tripID: row["trip_id"], name: row["name"], coordinate: coordinate, category: row["category"],
                    openingHours: hours.map { OpeningHours($0) }, alertRadius: row["radius_m"], note: row["note"],
                    visitedAt: row["visited_at"])
            }
        }
    }

    static func trip(_ row: Row) -> Trip {
        let start: Int? = row["quiet_start"], end: Int? = row["quiet_end"]
        return Trip(
            id: row["id"], name: row["name"], startDate: row["start_date"], endDate: row["end_date"], isActive: row["active"],
            alertRadius: row["alert_radius_m"], quietHours: start.flatMap { s in end.map { QuietHours(start: s, end: $0) } },
            timeZone: row["time_zone"])
    }
}
