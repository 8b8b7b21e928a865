import AccountService
import Foundation
import Hummingbird
import LociServerStore
import LociWire
import ServerRepositories

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
        } catch { throw Self.apiError(error) }
        return try .json(Self.wire(profile))
    }

    /// The answer for a profile that was not saved or learned: 400 for an unknown tag (the
    /// interest error's own answer), the store's status, 500 for a place store failure.
    static func apiError(_ error: ProfileServiceError) -> APIError {
        switch error {
        case .interest(let error): APIError(error)
        case .controlCharacter, .invalidVector: APIError.badRequest(.invalidField, error.description)
        case .store(let error): APIError(error)
        case .placeLookup, .favourites: APIError(.internalServerError, code: .internal, "internal error")
        }
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

    /// The profile as the export writes it: with the signals it was learned from.
    static func exportWire(_ profile: ProfileRecord) -> WireProfile {
        var wire = wire(profile)
        wire.signals = profile.signals.map {
            WireInterestSignal(
                tag: $0.tag, source: $0.source, count: $0.count, lastSeen: $0.lastSeen, strength: $0.strength)
        }
        return wire
    }
}
