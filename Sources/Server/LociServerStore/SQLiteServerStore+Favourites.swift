import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: FavouriteRepository {
    /// Saves a place (durable on return).
    public func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError) {
        try await changeFavourite(.create(favourite), profile: nil)
    }

    /// The device's favourites, oldest first.
    public func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord] {
        try read("favourites.list") { db in try Self.favourites(deviceID: deviceID, db) }
    }

    /// The device's favourites, oldest first, as `db` sees them.
    static func favourites(deviceID: String, _ db: Database) throws -> [FavouriteRecord] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, device_id, place_id, rating, note, created_at FROM favourite
                WHERE device_id = ? ORDER BY created_at, id
                """, arguments: [deviceID]
        ).map(Self.favourite)
    }

    /// Sets or clears a rating.
    public func rateFavourite(id: String, deviceID: String, rating: Int?) async throws(ServerStoreError)
        -> FavouriteRecord
    {
        guard let record = try await changeFavourite(.rate(id: id, deviceID: deviceID, rating: rating), profile: nil)
        else { throw ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.rate") }
        return record
    }

    /// Deletes a favourite.
    public func deleteFavourite(id: String, deviceID: String) async throws(ServerStoreError) {
        try await changeFavourite(.delete(id: id, deviceID: deviceID), profile: nil)
    }

    /// Applies a change and writes the profile in one write transaction (durable on return).
    @discardableResult
    public func changeFavourite(_ change: FavouriteChange, profile: ProfileRecord?, basis: [FavouriteRecord]?)
        async throws(ServerStoreError) -> FavouriteRecord?
    {
        let operation = change.operation
        try FavouriteValidation.check(change, profile: profile, operation: operation)
        let body = try profile.map { profile throws(ServerStoreError) in try Self.body(of: profile, operation: operation) }
        return try write(operation, conflict: FavouriteValidation.conflictMessage(change)) { db in
            // The pool's writes are serialised, so what this reads cannot change before the commit.
            if let basis, try Self.favourites(deviceID: change.deviceID, db) != basis {
                throw ServerStoreError(.conflict(FavouriteBasis.changedMessage), operation: operation)
            }
            let record = try Self.apply(change, db)
            if let profile, let body { try Self.saveProfile(deviceID: profile.deviceID, body: body, db) }
            return record
        }
    }

    /// Runs one change's statement; `notFound` for a rate or delete that matched no row.
    static func apply(_ change: FavouriteChange, _ db: Database) throws -> FavouriteRecord? {
        switch change {
        case .create(let favourite):
            try db.execute(
                sql: """
                    INSERT INTO favourite (id, device_id, place_id, rating, note, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    favourite.id, favourite.deviceID, favourite.placeID, favourite.rating, favourite.note,
                    favourite.createdAt,
                ])
            return favourite
        case .rate(let id, let deviceID, let rating):
            try db.execute(
                sql: "UPDATE favourite SET rating = ? WHERE id = ? AND device_id = ?",
                arguments: [rating, id, deviceID])
            guard
                db.changesCount == 1,
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT id, device_id, place_id, rating, note, created_at FROM favourite WHERE id = ?",
                    arguments: [id])
            else { throw ServerStoreError(.notFound("favourite \(id)"), operation: change.operation) }
            return Self.favourite(row)
        case .delete(let id, let deviceID):
            try db.execute(
                sql: "DELETE FROM favourite WHERE id = ? AND device_id = ?", arguments: [id, deviceID])
            guard db.changesCount == 1 else {
                throw ServerStoreError(.notFound("favourite \(id)"), operation: change.operation)
            }
            return nil
        }
    }

    static func favourite(_ row: Row) -> FavouriteRecord {
        FavouriteRecord(
            id: row[0], deviceID: row[1], placeID: row[2], rating: row[3], note: row[4], createdAt: row[5])
    }
}

/// The checks every favourite implementation applies before writing.
public enum FavouriteValidation {
    /// What a `conflict` says for a change: a create's is a place already saved.
    public static func conflictMessage(_ change: FavouriteChange) -> String {
        guard case .create(let favourite) = change else { return "the write conflicts with a stored row" }
        return "place \(favourite.placeID) is already a favourite of this device"
    }

    /// Refuses a rating outside 1...5, and a profile of another device than the change's.
    public static func check(_ change: FavouriteChange, profile: ProfileRecord?, operation: String)
        throws(ServerStoreError)
    {
        try check(change.rating, operation: operation)
        if let profile, profile.deviceID != change.deviceID {
            throw ServerStoreError(
                .invalidArgument("the profile of \(profile.deviceID) cannot change with a favourite of \(change.deviceID)"),
                operation: operation)
        }
    }

    /// Refuses a rating outside 1...5.
    public static func check(_ rating: Int?, operation: String) throws(ServerStoreError) {
        if let rating, !(1...5).contains(rating) {
            throw ServerStoreError(.invalidArgument("rating \(rating) is not in 1...5"), operation: operation)
        }
    }
}
