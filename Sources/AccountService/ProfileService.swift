import LociServerStore
import Personalisation

/// A device's interest profile on the server: saving one (embedding its tags when the device
/// sent no vector) and reading the vector a personal ranking may use.
///
/// A profile's vector is comparable with this server's place vectors only when it was made by
/// the same model version, or sent by the client (`"client"`); any other is ignored when ranking.
public struct ProfileService: Sendable {
    /// The version a client-sent vector is stored under.
    public static let clientVersion = "client"

    private let profiles: any ProfileRepository
    private let interest: any InterestEmbedding

    /// Creates the service over the profile repository and the server's interest model.
    public init(profiles: any ProfileRepository, interest: any InterestEmbedding) {
        self.profiles = profiles
        self.interest = interest
    }

    /// Saves the device's profile and returns it as stored.
    ///
    /// With a `vector`, it is kept as sent under ``clientVersion``. Without one, non-empty `tags`
    /// are embedded by the model (under its version); no tags and no vector store an empty vector.
    /// - Parameter now: Unix seconds, the profile's `updatedAt`.
    /// - Throws: ``ProfileServiceError/interest(_:)`` when a tag is unknown or the model fails;
    ///   ``ProfileServiceError/store(_:)`` when the store does.
    public func save(
        deviceID: String, tags: [String], vector: [Float], integrations: [String: String], at now: Int64
    ) async throws(ProfileServiceError) -> ProfileRecord {
        var vector = vector
        var version = vector.isEmpty ? interest.version : Self.clientVersion
        if vector.isEmpty, !tags.isEmpty {
            do { vector = (try await interest.vector(forTags: tags)) ?? [] } catch { throw .interest(error) }
            version = interest.version
        }
        let profile = ProfileRecord(
            deviceID: deviceID, tags: tags, vector: vector, modelVersion: version, integrations: integrations,
            updatedAt: now)
        do { try await profiles.saveProfile(profile) } catch { throw .store(error) }
        return profile
    }

    /// The device's profile, nil when it has none.
    public func profile(deviceID: String) async throws(ServerStoreError) -> ProfileRecord? {
        try await profiles.profile(deviceID: deviceID)
    }

    /// The vector a personal ranking may use for this device: its profile's, when the model
    /// version matches or the client sent it; else empty (no profile, or another model's vector).
    public func rankingVector(deviceID: String) async throws(ServerStoreError) -> [Float] {
        guard let profile = try await profiles.profile(deviceID: deviceID),
            profile.modelVersion == interest.version || profile.modelVersion == Self.clientVersion
        else { return [] }
        return profile.vector
    }
}

/// Why a profile was not saved.
public enum ProfileServiceError: Error, Sendable, CustomStringConvertible {
    /// A tag could not be embedded (unknown, or the model failed).
    case interest(PersonalisationError)
    /// The store failed.
    case store(ServerStoreError)

    /// One line.
    public var description: String {
        switch self {
        case .interest(let error): error.description
        case .store(let error): error.description
        }
    }
}
