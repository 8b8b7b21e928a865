import Foundation
import Hummingbird
import LociWire
import LociServerStore
import ServerRepositories

/// `/v1/me/export`, `DELETE /v1/me`: a user's own data (registration and sessions are
/// ``SessionRoutes``).
struct AccountRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/me/export") { request, _ in try await export(request) }
        router.delete("/v1/me") { request, _ in try await deleteAll(request) }
    }

    /// Everything stored about the caller.
    func export(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        let export = try await mapStore { () async throws(ServerStoreError) in
            try await services.devices.export(device)
        }
        return try .json(
            WireExport(
                device: WireDevice(deviceID: device.id, createdAt: device.createdAt),
                profile: export.profile.map(ProfileRoutes.exportWire),
                favourites: export.favourites.map(FavouriteRoutes.wire),
                presence: "none: presence reports are anonymous and never stored with your identity"))
    }

    /// Deletes the device, its secret, sessions and tokens, profile and favourites.
    func deleteAll(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        try await mapStore { () async throws(ServerStoreError) in
            try await services.store.deleteDevice(id: device.id)
        }
        return Response(status: .noContent)
    }
}
