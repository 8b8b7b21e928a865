import Foundation
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: FavouriteRepository {
    /// Saves a place (durable on return: the commit is flushed before PostgreSQL answers).
    public func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError) {
        try FavouriteValidation.check(favourite.rating, operation: "favourites.create")
        try await run("favourites.create") { client in
            try await Self.execute(
                client,
                """
                INSERT INTO favourite (id, device_id, place_id, rating, note, created_at)
                VALUES (\(favourite.id), \(favourite.deviceID), \(favourite.placeID), \(favourite.rating),
                        \(favourite.note), \(favourite.createdAt))
                """, logger: logger)
        }
    }

    /// The device's favourites, oldest first.
    public func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord] {
        try await run("favourites.list") { client in
            try await Self.favourites(
                client.query(
                    """
                    SELECT id, device_id, place_id, rating, note, created_at FROM favourite
                    WHERE device_id = \(deviceID) ORDER BY created_at, id
                    """, logger: logger))
        }
    }

    /// Sets or clears a rating (one `UPDATE … RETURNING`).
    public func rateFavourite(id: String, deviceID: String, rating: Int?) async throws(ServerStoreError)
        -> FavouriteRecord
    {
        try FavouriteValidation.check(rating, operation: "favourites.rate")
        let updated = try await run("favourites.rate") { client in
            try await Self.favourites(
                client.query(
                    """
                    UPDATE favourite SET rating = \(rating) WHERE id = \(id) AND device_id = \(deviceID)
                    RETURNING id, device_id, place_id, rating, note, created_at
                    """, logger: logger))
        }
        guard let record = updated.first else {
            throw ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.rate")
        }
        return record
    }

    /// Deletes a favourite.
    public func deleteFavourite(id: String, deviceID: String) async throws(ServerStoreError) {
        let deleted = try await run("favourites.delete") { client in
            try await Self.count(
                client.query(
                    "DELETE FROM favourite WHERE id = \(id) AND device_id = \(deviceID) RETURNING id",
                    logger: logger))
        }
        guard deleted == 1 else {
            throw ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.delete")
        }
    }

    static func favourites(_ rows: PostgresRowSequence) async throws -> [FavouriteRecord] {
        var result: [FavouriteRecord] = []
        for try await (id, device, place, rating, note, created) in rows.decode(
            (String, String, String, Int64?, String?, Int64).self)
        {
            result.append(
                FavouriteRecord(
                    id: id, deviceID: device, placeID: place, rating: rating.map(Int.init), note: note,
                    createdAt: created))
        }
        return result
    }
}
