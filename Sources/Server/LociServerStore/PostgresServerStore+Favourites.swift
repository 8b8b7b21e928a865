import Foundation
import Logging
import PostgresNIO
import ServerRepositories

extension PostgresServerStore: FavouriteRepository {
    /// Saves a place (durable on return: the commit is flushed before PostgreSQL answers).
    public func createFavourite(_ favourite: FavouriteRecord) async throws(ServerStoreError) {
        try await changeFavourite(.create(favourite), profile: nil)
    }

    /// The device's favourites, oldest first.
    public func favourites(deviceID: String) async throws(ServerStoreError) -> [FavouriteRecord] {
        try await run("favourites.list") { client in
            try await Self.favourites(client.query(Self.listQuery(deviceID: deviceID), logger: logger))
        }
    }

    /// Sets or clears a rating (one `UPDATE … RETURNING`).
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

    /// Applies a change and writes the profile in one transaction (a single statement when there
    /// is no profile).
    @discardableResult
    public func changeFavourite(_ change: FavouriteChange, profile: ProfileRecord?, basis: [FavouriteRecord]?)
        async throws(ServerStoreError) -> FavouriteRecord?
    {
        let operation = change.operation
        try FavouriteValidation.check(change, profile: profile, operation: operation)
        let body = try profile.map { profile throws(ServerStoreError) in try Self.body(of: profile, operation: operation) }
        let logger = logger
        do {
            return try await apply(change, profile: profile, body: body, basis: basis, logger: logger)
        } catch {
            guard case .conflict(let message) = error.kind, message != FavouriteBasis.changedMessage else {
                throw error
            }
            throw ServerStoreError(
                .conflict(FavouriteValidation.conflictMessage(change)), operation: operation, detail: error.detail)
        }
    }

    private func apply(
        _ change: FavouriteChange, profile: ProfileRecord?, body: String?, basis: [FavouriteRecord]?, logger: Logger
    ) async throws(ServerStoreError) -> FavouriteRecord? {
        try await run(change.operation) { client in
            guard let profile, let body else {
                return try await client.withConnection { connection in
                    try await Self.apply(change, connection, logger: logger)
                }
            }
            return try await client.withTransaction(logger: logger) { connection in
                if let basis {
                    // The device's row locked first: a second change of this device waits here
                    // until this one commits, then reads what it wrote.
                    for try await _ in try await connection.query(
                        "SELECT id FROM device WHERE id = \(change.deviceID) FOR UPDATE", logger: logger)
                    {}
                    let stored = try await Self.favourites(
                        connection.query(Self.listQuery(deviceID: change.deviceID), logger: logger))
                    guard stored == basis else {
                        throw ServerStoreError(.conflict(FavouriteBasis.changedMessage), operation: change.operation)
                    }
                }
                let record = try await Self.apply(change, connection, logger: logger)
                try await Self.saveProfile(deviceID: profile.deviceID, body: body, connection, logger: logger)
                return record
            }
        }
    }

    /// Runs one change's statement; `notFound` for a rate or delete that matched no row.
    static func apply(_ change: FavouriteChange, _ connection: PostgresConnection, logger: Logger) async throws
        -> FavouriteRecord?
    {
        switch change {
        case .create(let favourite):
            _ = try await count(
                connection.query(
                    """
                    INSERT INTO favourite (id, device_id, place_id, rating, note, created_at)
                    VALUES (\(favourite.id), \(favourite.deviceID), \(favourite.placeID), \(favourite.rating),
                            \(favourite.note), \(favourite.createdAt))
                    """, logger: logger))
            return favourite
        case .rate(let id, let deviceID, let rating):
            let updated = try await favourites(
                connection.query(
                    """
                    UPDATE favourite SET rating = \(rating) WHERE id = \(id) AND device_id = \(deviceID)
                    RETURNING id, device_id, place_id, rating, note, created_at
                    """, logger: logger))
            guard let record = updated.first else {
                throw ServerStoreError(.notFound("favourite \(id)"), operation: change.operation)
            }
            return record
        case .delete(let id, let deviceID):
            let deleted = try await count(
                connection.query(
                    "DELETE FROM favourite WHERE id = \(id) AND device_id = \(deviceID) RETURNING id",
                    logger: logger))
            guard deleted == 1 else {
                throw ServerStoreError(.notFound("favourite \(id)"), operation: change.operation)
            }
            return nil
        }
    }

    /// The device's favourites, oldest first (the list and a change's basis check read the same).
    static func listQuery(deviceID: String) -> PostgresQuery {
        """
        SELECT id, device_id, place_id, rating, note, created_at FROM favourite
        WHERE device_id = \(deviceID) ORDER BY created_at, id
        """
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
