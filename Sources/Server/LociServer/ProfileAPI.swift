import AccountService
import Foundation
import LociAPI
import LociServerStore
import ServerRepositories

/// The interest profile: tags and/or a vector, and integrations.
extension LociAPIHandler {
    /// `{tags?, vector?, integrations?}` → the profile with `model_version`. A vector sent
    /// directly is kept as is (`model_version: "client"`); tags go through the interest model.
    func putV1Profile(_ input: Operations.PutV1Profile.Input) async throws -> Operations.PutV1Profile.Output {
        let device = try await services.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let tags = try MemberLimits.tags(body.tags ?? [])
        let vector = try MemberLimits.vector(body.vector ?? [])
        let integrations = try MemberLimits.integrations(body.integrations?.additionalProperties ?? [:])
        let profile: ProfileRecord
        do {
            profile = try await services.profiles.save(
                deviceID: device.id, tags: tags, vector: vector, integrations: integrations,
                at: services.engine.now)
        } catch { throw APIError(error) }
        return .ok(.init(body: .json(Self.wire(profile))))
    }

    /// The caller's profile (404 before one is saved).
    func getV1Profile(_ input: Operations.GetV1Profile.Input) async throws -> Operations.GetV1Profile.Output {
        let device = try await services.authenticate()
        guard
            let profile = try await mapStore({ () async throws(ServerStoreError) in
                try await services.profiles.profile(deviceID: device.id)
            })
        else { throw APIError.notFound("no profile yet; PUT /v1/profile") }
        return .ok(.init(body: .json(Self.wire(profile))))
    }

    /// A stored profile as `GET /v1/profile` shows it; with `signals` as the export shows it.
    static func wire(_ profile: ProfileRecord, signals: Bool = false) -> Components.Schemas.Profile {
        Components.Schemas.Profile(
            tags: profile.tags, dimension: profile.vector.count,
            vector: profile.vector.map(Double.init(shortest:)),
            modelVersion: profile.modelVersion,
            integrations: .init(additionalProperties: profile.integrations),
            updatedAt: Int(profile.updatedAt),
            signals: signals
                ? profile.signals.map {
                    .init(
                        tag: $0.tag, source: $0.source, count: $0.count, lastSeen: Int($0.lastSeen),
                        strength: $0.strength)
                } : nil)
    }
}

/// The limits of request members (`PUT /v1/profile`, `POST /v1/tiles/heat`) that the document states (`maxItems`, `maxLength`,
/// `maxProperties`) and the generated decoder does not check, each refusal naming the member.
enum MemberLimits {
    /// What `tags` must be.
    static let tagsWords = "an array of at most 64 strings"

    /// At most 64 tags, each a non-empty string of at most 64 characters.
    static func tags(_ tags: [String]) throws(APIError) -> [String] {
        guard tags.count <= 64 else { throw .badRequest(.invalidField, "tags must be \(tagsWords)") }
        for (index, tag) in tags.enumerated() where tag.isEmpty || tag.count > 64 {
            throw .badRequest(
                .invalidField, "tags[\(index)] must be a non-empty string of at most 64 characters")
        }
        return tags
    }

    /// At most 4,096 numbers, each of magnitude at most 1e6.
    static func vector(_ vector: [Double]) throws(APIError) -> [Float] {
        guard vector.count <= 4_096 else {
            throw .badRequest(.invalidField, "vector has \(vector.count) values, at most 4096")
        }
        for (index, value) in vector.enumerated() where !value.isFinite || abs(value) > 1e6 {
            throw .badRequest(.invalidField, "vector[\(index)] must be a finite number")
        }
        return vector.map { Float($0) }
    }

    /// At most 16 members, names of at most 64 characters, values of at most 200.
    static func integrations(_ integrations: [String: String]) throws(APIError) -> [String: String] {
        guard integrations.count <= 16 else {
            throw .badRequest(.invalidField, "integrations must be an object of at most 16 members")
        }
        for (name, value) in integrations where value.count > 200 || name.count > 64 {
            throw .badRequest(
                .invalidField, "integrations.\(name) must be a string of at most 200 characters")
        }
        return integrations
    }
}

extension Double {
    /// A `Float` as the number its shortest decimal text says (`0.1`, not `0.10000000149011612`),
    /// so a vector stored as `Float` is written with the digits it was read with.
    init(shortest value: Float) {
        self = Double(value.description) ?? Double(value)
    }
}
