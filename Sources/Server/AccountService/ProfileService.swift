import Foundation
import InterestKit
import Personalisation
import PlaceKit
import ServerRepositories

/// A device's interest profile on the server: saving one, learning its vector from declared tags
/// and rated favourites, and reading the vector a personal ranking may use.
///
/// With a model that has a vocabulary (``InterestEmbedding/canonicalizer``), the stored vector is
/// learned from signals: the declared tags, each rated favourite's place tags with strength
/// (rating − 3) / 2, and any other integration signals already stored, weighted by InterestKit's
/// `InterestWeighting` (recency 2^(−age / 90 d), declared tags scaled by k / (k + M)) as of the
/// save; they are stored with the profile. A favourite added, rated or removed is stored in one
/// transaction with the profile learned from the favourites it leaves
/// (``relearned(deviceID:favourites:at:)``, through ``FavouriteService``), so a crash never
/// separates them. Learning reads before that transaction, and the transaction checks that what
/// was read is still stored (else the change is learned again), so of two changes at once the
/// profile learns from both.
///
/// A profile's vector is comparable with this server's place vectors only when it was made by
/// the same model version, or sent by the client (`"client"`); any other is ignored when ranking.
/// A vector the client sent is kept as sent: favourites do not change it.
public struct ProfileService: Sendable {
    /// The version a client-sent vector is stored under.
    public static let clientVersion = "client"

    let profiles: any ProfileRepository
    let interest: any InterestEmbedding
    let favourites: (any FavouriteRepository)?
    let places: (any PlaceDetailsService)?
    let weighting: InterestWeighting

    /// Creates the service over the profile repository and the server's interest model; with
    /// `favourites` and the `places` that know their places, rated favourites feed the vector.
    public init(
        profiles: any ProfileRepository, interest: any InterestEmbedding,
        favourites: (any FavouriteRepository)? = nil, places: (any PlaceDetailsService)? = nil,
        weighting: InterestWeighting = InterestWeighting()
    ) {
        self.profiles = profiles
        self.interest = interest
        self.favourites = favourites
        self.places = places
        self.weighting = weighting
    }

    /// Saves the device's profile and returns it as stored.
    ///
    /// With a `vector`, it is kept as sent under ``clientVersion``. Without one, the vector is
    /// learned from the tags and the device's rated favourites (a model without a vocabulary
    /// embeds the tags alone); no tags and no favourites store an empty vector.
    /// - Parameter now: Unix seconds, the profile's `updatedAt` and the instant signals are
    ///   weighted at.
    /// - Throws: ``ProfileServiceError/controlCharacter(field:)`` for a tag or integration holding
    ///   one; ``ProfileServiceError/interest(_:)`` when a tag is unknown or the model fails;
    ///   ``ProfileServiceError/store(_:)`` when the store does; the favourites' own errors.
    public func save(
        deviceID: String, tags: [String], vector: [Float], integrations: [String: String], at now: Int64
    ) async throws(ProfileServiceError) -> ProfileRecord {
        if let problem = VectorValidation.problem(vector, dimension: interest.dimension) {
            throw .invalidVector(problem)
        }
        for (index, tag) in tags.enumerated() where TextValidation.containsControlCharacter(tag) {
            throw .controlCharacter(field: "tags[\(index)]")
        }
        for (name, state) in integrations.sorted(by: { $0.key < $1.key }) {
            if TextValidation.containsControlCharacter(name) { throw .controlCharacter(field: "integrations") }
            if TextValidation.containsControlCharacter(state) { throw .controlCharacter(field: "integrations.\(name)") }
        }
        var profile = ProfileRecord(
            deviceID: deviceID, tags: tags, vector: vector, modelVersion: Self.clientVersion,
            integrations: integrations, updatedAt: now)
        if vector.isEmpty {
            let stored: ProfileRecord?
            do { stored = try await profiles.profile(deviceID: deviceID) } catch { throw .store(error) }
            profile = try await learned(profile, keeping: stored?.signals ?? [], at: now)
        }
        do { try await profiles.saveProfile(profile) } catch { throw .store(error) }
        return profile
    }

    /// Learns the stored profile's vector again as of `now` (after a favourite was added, rated
    /// or removed) and returns it as stored; nil when the device has no profile. A client-sent
    /// vector is returned unchanged.
    /// - Throws: as ``save(deviceID:tags:vector:integrations:at:)``.
    @discardableResult
    public func relearn(deviceID: String, at now: Int64) async throws(ProfileServiceError) -> ProfileRecord? {
        let stored: ProfileRecord?
        do { stored = try await profiles.profile(deviceID: deviceID) } catch { throw .store(error) }
        guard let stored, stored.modelVersion != Self.clientVersion else { return stored }
        var profile = stored
        profile.updatedAt = now
        profile = try await learned(profile, keeping: stored.signals, at: now)
        do { try await profiles.saveProfile(profile) } catch { throw .store(error) }
        return profile
    }

    /// The stored profile learned again from `favourites` (the device's favourites as they will
    /// be after a change) as of `now`, without storing it: for
    /// ``FavouriteRepository/changeFavourite(_:profile:)`` to write with the change. Nil when the
    /// device has no profile or its vector was sent by the client (favourites do not change it).
    /// - Throws: as ``save(deviceID:tags:vector:integrations:at:)``.
    public func relearned(deviceID: String, favourites: [FavouriteRecord], at now: Int64)
        async throws(ProfileServiceError) -> ProfileRecord?
    {
        let stored: ProfileRecord?
        do { stored = try await profiles.profile(deviceID: deviceID) } catch { throw .store(error) }
        guard let stored, stored.modelVersion != Self.clientVersion else { return nil }
        var profile = stored
        profile.updatedAt = now
        return try await learned(profile, keeping: stored.signals, favourites: favourites, at: now)
    }

    /// The device's profile, nil when it has none.
    public func profile(deviceID: String) async throws(ServerStoreError) -> ProfileRecord? {
        try await profiles.profile(deviceID: deviceID)
    }

    /// The vector a personal ranking may use for this device: its profile's, when the model
    /// version matches or the client sent it; else empty (no profile, or another model's vector).
    public func rankingVector(deviceID: String) async throws(ServerStoreError) -> [Float] {
        guard let profile = try await profiles.profile(deviceID: deviceID), isComparable(profile) else {
            return []
        }
        return profile.vector
    }

    /// The ranking vector with the weighted tags it was made of as of `now` (for saying why a
    /// place matches): the learned signals' weights, or for a client-sent vector its declared
    /// tags at weight 1. Empty for no profile or another model's vector.
    public func rankingProfile(deviceID: String, at now: Int64) async throws(ServerStoreError)
        -> RankingProfile
    {
        guard let profile = try await profiles.profile(deviceID: deviceID), isComparable(profile) else {
            return RankingProfile(vector: [], tags: [])
        }
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        // Declared interests fade by the integration mass, not by age (as when learned).
        let signals = profile.signals.compactMap(\.interestSignal).map { signal in
            var signal = signal
            if signal.source == .declared { signal.lastSeen = date }
            return signal
        }
        var tags: [WeightedTag]
        if !signals.isEmpty {
            tags = weighting.weightedTags(signals, now: date)
        } else {
            var seen = Set<InterestTag>()
            tags = profile.tags.compactMap { interest.canonicalizer?.canonicalize($0).tag }
                .filter { seen.insert($0).inserted }.map { WeightedTag($0) }
        }
        return RankingProfile(vector: profile.vector, tags: tags)
    }

    /// Whether the profile's vector was made by this model or sent by the client.
    private func isComparable(_ profile: ProfileRecord) -> Bool {
        profile.modelVersion == interest.version || profile.modelVersion == Self.clientVersion
    }
}

/// A viewer as a personal ranking sees them: the vector, and the weighted tags behind it.
public struct RankingProfile: Sendable, Equatable {
    /// The interest vector (empty for none).
    public var vector: [Float]
    /// The tags and weights it was made of (empty when unknown).
    public var tags: [WeightedTag]

    /// Creates a ranking profile.
    public init(vector: [Float], tags: [WeightedTag]) {
        self.vector = vector
        self.tags = tags
    }
}
