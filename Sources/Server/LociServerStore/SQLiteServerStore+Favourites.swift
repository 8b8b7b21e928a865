import Foundation
import GRDB
import ServerRepositories

extension SQLiteServerStore: FavouriteRepository {
    /// Saves a place (durable on return).
    public func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError) {
        try FavouriteValidation.check(favourite.rating, operation: "favourites.create")
        try write("favourites.create") { db in
            try db.execute(
                sql: """
                    INSERT INTO favourite (id, device_id, place_id, rating, note, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    favourite.id, favourite.deviceID, favourite.placeID, favourite.rating, favourite.note,
                    favourite.createdAt,
                ])
        }
    }

    /// The device's favourites, oldest first.
    public func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord] {
        try read("favourites.list") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, device_id, place_id, rating, note, created_at FROM favourite
                    WHERE device_id = ? ORDER BY created_at, id
                    """, arguments: [deviceID]
            ).map(Self.favourite)
        }
    }

    /// Sets or clears a rating.
    public func rateFavourite(id: String, deviceID: String, rating: Int?) async throws(ServerStoreError)
        -> FavouriteRecord
    {
        try FavouriteValidation.check(rating, operation: "favourites.rate")
        return try write("favourites.rate") { db in
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
            else { throw ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.rate") }
            return Self.favourite(row)
        }
    }

    /// Deletes a favourite.
    public func deleteFavourite(id: String, deviceID: String) async throws(ServerStoreError) {
        try write("favourites.delete") { db in
            try db.execute(
                sql: "DELETE FROM favourite WHERE id = ? AND device_id = ?", arguments: [id, deviceID])
            guard db.changesCount == 1 else {
                throw ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.delete")
            }
        }
    }

    static func favourite(_ row: Row) -> FavouriteRecord {
        FavouriteRecord(
            id: row[0], deviceID: row[1], placeID: row[2], rating: row[3], note: row[4], createdAt: row[5])
    }
}

/// The checks every favourite implementation applies before writing.
public enum FavouriteValidation {
    /// Refuses a rating outside 1...5.
    public static func check(_ rating: Int?, operation: String) throws(ServerStoreError) {
        if let rating, !(1...5).contains(rating) {
            throw ServerStoreError(.invalidArgument("rating \(rating) is not in 1...5"), operation: operation)
        }
    }
}
