import Foundation
import Hummingbird
import LociWire
import LociServerStore

/// `/v1/auth/anonymous`, `/v1/me/export`, `DELETE /v1/me`: anonymous registration and a
/// user's own data.
struct AccountRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/auth/anonymous") { request, _ in try await register(request) }
        router.get("/v1/me/export") { request, _ in try await export(request) }
        router.delete("/v1/me") { request, _ in try await deleteAll(request) }
    }

    /// `{attestation, platform}` → a new device and an access token with its expiry.
    func register(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["attestation", "platform"])
        let attestation = try body.requiredString("attestation")
        let platform = try body.string("platform") ?? "unknown"
        guard ["ios", "android", "web", "unknown"].contains(platform) else {
            throw APIError.badRequest(.invalidField, "platform must be ios, android, web or unknown")
        }
        guard await services.attestation.verify(attestation: attestation, platform: platform) else {
            throw APIError(.forbidden, code: .attestationRefused, "the device attestation was not accepted")
        }
        let registration = try await mapStore { () async throws(ServerStoreError) in
            try await services.devices.register(
                at: services.engine.now, tokenLifetime: services.configuration.accessTokenSeconds)
        }
        return try .json(
            WireRegistration(
                deviceID: registration.device.id, accessToken: registration.accessToken,
                expiresAt: registration.expiresAt),
            status: .created)
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
                profile: export.profile.map(ProfileRoutes.wire), favourites: export.favourites.map(FavouriteRoutes.wire),
                presence: "none: presence reports are anonymous and never stored with your identity"))
    }

    /// Deletes the device, its tokens, profile and favourites.
    func deleteAll(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        try await mapStore { () async throws(ServerStoreError) in
            try await services.store.deleteDevice(id: device.id)
        }
        return Response(status: .noContent)
    }
}
