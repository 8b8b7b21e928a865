import AccountService
import GeoKit
import HeatAggregation
import Personalisation
import PlaceKit
import TidepoolEpochs
import TidepoolStorage

/// Place search and suggestions from the place store, put in a personal order by the viewer's
/// interest and the released heat (`GET /v1/places/search` and `/v1/places/suggestions`).
///
/// The store is read synchronously: callers on a server run it off the request threads.
public struct PersonalSearch: Sendable {
    /// A personal answer.
    public struct Answer: Sendable {
        /// The results in the personal order (the plain order when nothing personalised it).
        public var results: [PersonalRanking.Result]
        /// True when heat or interest changed the order.
        public var isPersonalised: Bool
        /// Why the plain order was kept (nil when personalised).
        public var fallbackReason: String?
        /// The interest model's version.
        public var modelVersion: String
    }

    private let places: any PlacesSearchService
    private let engine: TidepoolEngine
    private let profiles: ProfileService
    private let interest: any InterestEmbedding
    private let reader: HeatReader

    /// Creates the service over the place search (the server's local place store), the engine's
    /// releases, the profiles, the interest model and a heat reader.
    public init(
        places: any PlacesSearchService, engine: TidepoolEngine, profiles: ProfileService,
        interest: any InterestEmbedding, reader: HeatReader
    ) {
        self.places = places
        self.engine = engine
        self.profiles = profiles
        self.interest = interest
        self.reader = reader
    }

    /// Places matching `text`, best `limit` in the personal order. Three times `limit` plain
    /// candidates are ranked; full records are read only for a device (its interest reads tags).
    ///
    /// - Throws: ``PersonalSearchError``.
    public func search(
        text: String, center: Coordinate?, radius: Double?, limit: Int, deviceID: String?
    ) async throws(PersonalSearchError) -> Answer {
        let plain: [RankedPlace]
        do {
            plain = try await places.searchPlaces(
                SearchRequest(
                    text: text, center: center, radius: radius, limit: limit * 3, fullPlaces: deviceID != nil))
        } catch { throw .places(error) }
        return try await personalised(plain, deviceID: deviceID, limit: limit)
    }

    /// Named places near `center` worth a visit, best `limit` in the personal order (from the
    /// nearest 200).
    ///
    /// - Throws: ``PersonalSearchError``.
    public func suggestions(
        center: Coordinate, radius: Double, limit: Int, deviceID: String?
    ) async throws(PersonalSearchError) -> Answer {
        let nearby: [RankedPlace]
        do {
            nearby = try await places.searchNearby(center: center, categories: [], radius: radius, limit: 200)
        } catch { throw .places(error) }
        return try await personalised(nearby.filter { $0.place.name != nil }, deviceID: deviceID, limit: limit)
    }

    private func personalised(
        _ candidates: [RankedPlace], deviceID: String?, limit: Int
    ) async throws(PersonalSearchError) -> Answer {
        var viewer = RankingProfile(vector: [], tags: [])
        if let deviceID {
            do { viewer = try await profiles.rankingProfile(deviceID: deviceID, at: engine.now) } catch {
                throw .store(error)
            }
        }
        let releases: [HeatRelease]
        do { releases = try await engine.liveReleases() } catch { throw .releases(error) }
        let ranking = PersonalRanking(
            candidates: candidates, viewer: viewer.vector, viewerTags: viewer.tags, interest: interest,
            releases: releases, reader: reader, now: engine.now)
        return Answer(
            results: Array(ranking.ranked().prefix(limit)), isPersonalised: ranking.isPersonalised,
            fallbackReason: ranking.fallbackReason, modelVersion: interest.version)
    }
}

/// Why a personal search failed.
public enum PersonalSearchError: Error, Sendable, CustomStringConvertible {
    /// The place store failed (its own error).
    case places(any Error)
    /// The profile store failed.
    case store(ServerStoreError)
    /// The live releases could not be read.
    case releases(any Error)

    /// One line.
    public var description: String {
        switch self {
        case .places(let error): "the place search failed: \(error)"
        case .store(let error): error.description
        case .releases(let error): "the live releases could not be read: \(error)"
        }
    }
}
