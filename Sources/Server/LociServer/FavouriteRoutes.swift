import AccountService
import Foundation
import Hummingbird
import LociServerStore
import LociWire
import PlaceKit
import ServerRepositories

/// Favourites: create, list, rate, delete. A 2xx answer means the write is durable.
struct FavouriteRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/favourites") { request, _ in try await create(request) }
        router.get("/v1/favourites") { request, _ in try await list(request) }
        router.put("/v1/favourites/{id}/rating") { request, context in try await rate(request, context) }
        router.delete("/v1/favourites/{id}") { request, context in try await delete(request, context) }
    }

    /// `{place_id, rating?, note?}` → 201 with the favourite.
    func create(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["place_id", "rating", "note"])
        let placeID = try body.requiredString("place_id")
        let note = try body.string("note")
        let rating = try body.int("rating")
        let favourite: FavouriteRecord
        do {
            favourite = try await services.favourites.create(
                deviceID: device.id, placeID: placeID, rating: rating, note: note, at: services.engine.now)
        } catch { throw Self.apiError(error) }
        return try .json(Self.wire(favourite), status: .created)
    }

    /// The caller's favourites.
    func list(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        let favourites = try await mapStore { () async throws(ServerStoreError) in
            try await services.store.favourites(deviceID: device.id)
        }
        return try .json(WireFavourites(favourites: favourites.map(Self.wire)))
    }

    /// `{rating}` (1...5 or null) → the favourite.
    func rate(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let device = try await services.authenticate(request)
        let id = try context.parameters.require("id")
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes), allowed: ["rating"])
        guard body.object["rating"] != nil else {
            throw APIError.badRequest(.missingField, "rating is required")
        }
        let rating = try body.int("rating")
        let favourite: FavouriteRecord
        do {
            favourite = try await services.favourites.rate(
                id: id, deviceID: device.id, rating: rating, at: services.engine.now)
        } catch { throw Self.apiError(error) }
        return try .json(Self.wire(favourite))
    }

    /// Deletes one of the caller's favourites → 204.
    func delete(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let device = try await services.authenticate(request)
        let id = try context.parameters.require("id")
        do {
            try await services.favourites.delete(id: id, deviceID: device.id, at: services.engine.now)
        } catch {
            throw Self.apiError(error)
        }
        return Response(status: .noContent)
    }

    /// The answer for a favourite that was not saved: 400 for a bad id or note, 404 for an
    /// unknown place, the store's status for a store failure, the profile's for a failed relearn.
    static func apiError(_ error: FavouriteServiceError) -> APIError {
        switch error {
        case .invalidPlaceID, .noteTooLong, .controlCharacter: APIError.badRequest(.invalidField, error.description)
        case .noPlace: APIError.notFound(error.description)
        case .placeLookup: APIError(.internalServerError, code: .internal, "internal error")
        case .store(let error): APIError(error)
        case .profile(let error): ProfileRoutes.apiError(error)
        }
    }

    static func wire(_ favourite: FavouriteRecord) -> WireFavourite {
        WireFavourite(
            id: favourite.id, placeID: favourite.placeID, rating: favourite.rating, note: favourite.note,
            createdAt: favourite.createdAt)
    }
}
