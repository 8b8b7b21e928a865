import AccountService
import Foundation
import LociAPI
import LociServerStore
import PlaceKit
import ServerRepositories

/// Favourites: create, list, rate, delete. A 2xx answer means the write is durable.
extension LociAPIHandler {
    /// `{place_id, rating?, note?}` → 201 with the favourite.
    func postV1Favourites(_ input: Operations.PostV1Favourites.Input) async throws
        -> Operations.PostV1Favourites.Output
    {
        let device = try await services.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let favourite: FavouriteRecord
        do {
            favourite = try await services.favourites.create(
                deviceID: device.id, placeID: body.placeId, rating: body.rating, note: body.note,
                at: services.engine.now)
        } catch { throw APIError(error) }
        return .created(.init(body: .json(Self.wire(favourite))))
    }

    /// The caller's favourites.
    func getV1Favourites(_ input: Operations.GetV1Favourites.Input) async throws
        -> Operations.GetV1Favourites.Output
    {
        let device = try await services.authenticate()
        let favourites = try await mapStore { () async throws(ServerStoreError) in
            try await services.store.favourites(deviceID: device.id)
        }
        return .ok(.init(body: .json(.init(favourites: favourites.map(Self.wire)))))
    }

    /// `{rating}` (1...5 or null) → the favourite.
    func putV1FavouritesIdRating(
        _ input: Operations.PutV1FavouritesIdRating.Input
    ) async throws -> Operations.PutV1FavouritesIdRating.Output {
        let device = try await services.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let favourite: FavouriteRecord
        do {
            favourite = try await services.favourites.rate(
                id: input.path.id, deviceID: device.id, rating: body.rating, at: services.engine.now)
        } catch { throw APIError(error) }
        return .ok(.init(body: .json(Self.wire(favourite))))
    }

    /// Deletes one of the caller's favourites → 204.
    func deleteV1FavouritesId(
        _ input: Operations.DeleteV1FavouritesId.Input
    ) async throws -> Operations.DeleteV1FavouritesId.Output {
        let device = try await services.authenticate()
        do {
            try await services.favourites.delete(
                id: input.path.id, deviceID: device.id, at: services.engine.now)
        } catch { throw APIError(error) }
        return .noContent(.init())
    }

    /// A stored favourite as every answer shows it (`rating` and `note` written as `null` when unset).
    static func wire(_ favourite: FavouriteRecord) -> Components.Schemas.Favourite {
        .init(
            id: favourite.id, placeId: favourite.placeID, rating: favourite.rating, note: favourite.note,
            createdAt: Int(favourite.createdAt))
    }
}
