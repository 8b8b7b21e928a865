import Foundation
import Hummingbird
import LociServerStore
import LociWire

/// The interest profile: tags and/or a vector, and integrations.
struct ProfileRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.put("/v1/profile") { request, _ in try await save(request) }
        router.get("/v1/profile") { request, _ in try await get(request) }
    }

    /// `{tags?, vector?, integrations?}` → the profile with `model_version`. A vector sent
    /// directly is kept as is (`model_version: "client"`); tags go through the interest model.
    func save(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["tags", "vector", "integrations"])
        let tags = try body.strings("tags", maximumCount: 64, maximumLength: 64) ?? []
        let vector = try body.floats("vector", maximumCount: 4_096) ?? []
        let integrations = try body.stringMap("integrations", maximumCount: 16) ?? [:]
        let profile: ProfileRecord
        do {
            profile = try await services.profiles.save(
                deviceID: device.id, tags: tags, vector: vector, integrations: integrations, at: services.engine.now)
        } catch {
            switch error {
            case .interest(let error): throw APIError(error)
            case .store(let error): throw APIError(error)
            }
        }
        return try .json(Self.wire(profile))
    }

    /// The caller's profile (404 before one is saved).
    func get(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        guard
            let profile = try await mapStore({ () async throws(ServerStoreError) in
                try await services.profiles.profile(deviceID: device.id)
            })
        else { throw APIError.notFound("no profile yet; PUT /v1/profile") }
        return try .json(Self.wire(profile))
    }

    static func wire(_ profile: ProfileRecord) -> WireProfile {
        WireProfile(
            tags: profile.tags, vector: profile.vector, modelVersion: profile.modelVersion,
            integrations: profile.integrations, updatedAt: profile.updatedAt)
    }
}
