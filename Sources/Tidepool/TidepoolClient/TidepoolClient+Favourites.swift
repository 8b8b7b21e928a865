import Foundation
import LociAPI
import OpenAPIRuntime

extension TidepoolClient {
    /// Saves `placeID` as a favourite: queued first, then sent with everything queued before it.
    /// Offline, the change waits in the queue (``FavouriteSync/waiting``) for the next call or
    /// ``syncFavourites()``.
    /// - Throws: the queue's failure, or the session's (``TidepoolClientError/notRegistered``,
    ///   a refused login); the server's refusal of a change is reported in the result.
    @discardableResult
    public func addFavourite(placeID: String, rating: Int? = nil, note: String? = nil)
        async throws(TidepoolClientError) -> FavouriteSync
    {
        try await enqueue(.add(placeID: placeID, rating: rating, note: note))
        return try await syncFavourites()
    }

    /// Deletes the favourite with server id `id`, queued like ``addFavourite(placeID:rating:note:)``.
    @discardableResult
    public func removeFavourite(id: String) async throws(TidepoolClientError) -> FavouriteSync {
        try await enqueue(.remove(favouriteID: id))
        return try await syncFavourites()
    }

    /// Rates the favourite of `placeID` 1–5 stars, queued like
    /// ``addFavourite(placeID:rating:note:)`` and sent after the changes before it (so a
    /// favourite saved offline and rated offline reaches the server saved, then rated). The
    /// favourite keeps its id, note and date; the rated favourite is in the result's `saved`.
    @discardableResult
    public func rateFavourite(placeID: String, rating: Int) async throws(TidepoolClientError) -> FavouriteSync {
        try await enqueue(.rate(placeID: placeID, rating: rating))
        return try await syncFavourites()
    }

    /// The device's favourites on the server, after sending what is queued.
    /// - Throws: ``TidepoolClientError/transport(operation:message:)`` while offline.
    public func favourites() async throws(TidepoolClientError) -> [TidepoolFavourite] {
        try await syncFavourites()
        let operation = Operations.GetV1Favourites.id
        return try await authorised(operation) {
            let answer = try await api.getV1Favourites()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json.favourites
        }
    }

    /// Sends the queued favourites changes, oldest first, each removed from the queue once the
    /// server answered it. Stops at the first change the server cannot be reached for (it and
    /// the later ones stay queued, in order). A change the server refuses is dropped and
    /// reported; an add it already has (409) or a remove of one already gone (404) counts as
    /// sent, so a change sent twice (its first answer lost) is not an error.
    @discardableResult
    public func syncFavourites() async throws(TidepoolClientError) -> FavouriteSync {
        var sync = FavouriteSync()
        while let change = try await pendingFavourites().first {
            do {
                if let saved = try await send(change) { sync.saved.append(saved) }
                sync.sent.append(change)
            } catch let error where error.isTransport {
                sync.waiting = try await pendingFavourites().count
                return sync
            } catch .conflict where change.isAdd {
                sync.sent.append(change)
            } catch .notFound where !change.isAdd {
                sync.sent.append(change)
            } catch .notRegistered {
                throw .notRegistered
            } catch let error where error.stopsSync {
                throw error
            } catch {
                sync.refused.append(.init(change: change, error: error))
            }
            do { try await favouriteQueue.removeFirst() } catch { throw .queue(message: "\(error)") }
        }
        return sync
    }

    /// One queued change to the server; the saved favourite for an add.
    private func send(_ change: FavouriteChange) async throws(TidepoolClientError) -> TidepoolFavourite? {
        switch change {
        case .add(let placeID, let rating, let note):
            let operation = Operations.PostV1Favourites.id
            return try await authorised(operation) {
                let answer = try await api.postV1Favourites(
                    body: .json(.init(placeId: placeID, rating: rating, note: note)))
                guard case .created(let created) = answer else { throw Self.unexpected(operation, answer) }
                return try created.body.json
            }
        case .remove(let favouriteID):
            let operation = Operations.DeleteV1FavouritesId.id
            try await authorised(operation) {
                let answer = try await api.deleteV1FavouritesId(path: .init(id: favouriteID))
                guard case .noContent = answer else { throw Self.unexpected(operation, answer) }
            }
            return nil
        case .rate(let placeID, let rating):
            // The server id is looked up when the change is sent: the add before it may have
            // been queued offline. No favourite for the place (removed since) is a 404, which
            // the sync counts as done.
            let list = Operations.GetV1Favourites.id
            let saved = try await authorised(list) {
                let answer = try await api.getV1Favourites()
                guard case .ok(let ok) = answer else { throw Self.unexpected(list, answer) }
                return try ok.body.json.favourites
            }
            guard let favourite = saved.first(where: { $0.placeId == placeID }) else {
                throw .notFound(message: "no favourite for \(placeID) to rate")
            }
            let operation = Operations.PutV1FavouritesIdRating.id
            return try await authorised(operation) {
                let answer = try await api.putV1FavouritesIdRating(
                    path: .init(id: favourite.id), body: .json(.init(rating: rating)))
                guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
                return try ok.body.json
            }
        }
    }

    private func enqueue(_ change: FavouriteChange) async throws(TidepoolClientError) {
        guard try await credentials() != nil else { throw .notRegistered }
        do { try await favouriteQueue.append(change) } catch { throw .queue(message: "\(error)") }
    }

    private func pendingFavourites() async throws(TidepoolClientError) -> [FavouriteChange] {
        do { return try await favouriteQueue.pending() } catch { throw .queue(message: "\(error)") }
    }
}

extension FavouriteChange {
    var isAdd: Bool {
        if case .add = self { return true }
        return false
    }
}

extension TidepoolClientError {
    /// A failure that says nothing about the change itself: the session could not be renewed
    /// (nothing queued can be sent until the device registers again), the queue or store failed,
    /// or the server (or a gateway before it) failed after the retries. A sync stops there and
    /// keeps the change queued rather than dropping it.
    var stopsSync: Bool {
        switch self {
        case .unauthorized, .refreshTokenReused, .invalidCredentials, .credentials, .queue, .rateLimited,
            .storage, .internal, .unexpectedStatus:
            return true
        default: return false
        }
    }
}
