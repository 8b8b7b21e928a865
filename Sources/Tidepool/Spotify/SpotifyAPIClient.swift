import Foundation
import InterestIntegrations
import InterestKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Spotify Web API "Get User's Top Items" for the app: the user's top artists and tracks
/// (`GET /v1/me/top/{artists|tracks}?time_range=…&limit=…&offset=…`, scope `user-top-read`),
/// mapped to interest tags through ``SpotifyTopItemsMapper``. The server never holds a Spotify
/// token: the app calls this and sends the tags.
///
/// * Paging: pages of ``Configuration/pageSize`` items, following each page's `next` (its
///   `offset` and `limit`, always against ``Configuration/baseURL``, so the bearer token never
///   goes to another host) until `next` is null or ``Configuration/maximumItems`` are read.
///   The pages of one range are merged before mapping, so an item's rank is its rank overall.
/// * 401: the token is refreshed once through ``SpotifyAuthClient/refresh(_:now:)`` and the
///   request repeated; a second 401 is ``SpotifyAPIError/unauthorized(request:message:)``.
/// * 429: waits `Retry-After` seconds (through the injected `sleep`) and retries, up to
///   ``Configuration/maximumRetries`` times and only while `Retry-After` is at most
///   ``Configuration/maximumWait``.
public struct SpotifyAPIClient: Sendable {
    /// Endpoints and limits.
    public struct Configuration: Sendable {
        /// The Web API root (`https://api.spotify.com/v1`); tests point it at a stub server.
        public var baseURL: URL
        /// Items per page, 1…50 (Spotify's maximum is 50).
        public var pageSize: Int
        /// Items read per type and range at most.
        public var maximumItems: Int
        /// How many 429 answers in a row are waited out.
        public var maximumRetries: Int
        /// The longest `Retry-After` waited, seconds.
        public var maximumWait: Double

        /// A configuration; `pageSize` is clamped to 1…50.
        public init(
            baseURL: URL = URL(string: "https://api.spotify.com/v1")!, pageSize: Int = 50,
            maximumItems: Int = 100,
            maximumRetries: Int = 2, maximumWait: Double = 30
        ) {
            self.baseURL = baseURL
            self.pageSize = min(50, max(1, pageSize))
            self.maximumItems = max(1, maximumItems)
            self.maximumRetries = max(0, maximumRetries)
            self.maximumWait = maximumWait
        }
    }

    /// What one fetch read: each range's merged pages, and the token to keep (refreshed when a
    /// 401 forced a refresh).
    public struct TopItems: Sendable {
        /// Top artists per range, as one `{"items": […]}` body each.
        public var artists: [(json: Data, range: SpotifyTopItemsMapper.TimeRange)]
        /// Top tracks per range, as one `{"items": […]}` body each.
        public var tracks: [(json: Data, range: SpotifyTopItemsMapper.TimeRange)]
        /// The token after the fetch; store it in place of the one passed in.
        public var token: SpotifyToken
    }

    /// The configuration.
    public let configuration: Configuration
    let auth: SpotifyAuthClient
    let session: URLSession
    let sleep: @Sendable (Double) async -> Void

    /// A client refreshing through `auth`, waiting out 429s with `sleep` (seconds; by default
    /// `Task.sleep`).
    public init(
        configuration: Configuration = Configuration(), auth: SpotifyAuthClient,
        session: URLSession = URLSession(configuration: .ephemeral),
        sleep: @escaping @Sendable (Double) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    ) {
        self.configuration = configuration
        self.auth = auth
        self.session = session
        self.sleep = sleep
    }

    /// Top artists and tracks for each of `ranges`, as of `now` (the refresh's clock).
    ///
    /// - Throws: ``SpotifyAPIError`` naming the request that failed.
    public func topItems(
        ranges: [SpotifyTopItemsMapper.TimeRange] = SpotifyTopItemsMapper.TimeRange.allCases,
        token: SpotifyToken,
        now: Date
    ) async throws(SpotifyAPIError) -> TopItems {
        var result = TopItems(artists: [], tracks: [], token: token)
        for range in ranges {
            result.artists.append(
                (try await pages("artists", range: range, token: &result.token, now: now), range))
            result.tracks.append(
                (try await pages("tracks", range: range, token: &result.token, now: now), range))
        }
        return result
    }

    /// The user's interests from their top items in `ranges`: ``topItems(ranges:token:now:)``
    /// through ``SpotifyTopItemsMapper`` with `canonicalizer`, and the token to keep.
    ///
    /// - Throws: ``SpotifyAPIError``; a body the mapper cannot read is
    ///   ``SpotifyAPIError/malformedResponse(request:detail:)``.
    public func interests(
        ranges: [SpotifyTopItemsMapper.TimeRange] = SpotifyTopItemsMapper.TimeRange.allCases,
        token: SpotifyToken,
        canonicalizer: Canonicalizer, now: Date
    ) async throws(SpotifyAPIError) -> (interests: MappedInterests, token: SpotifyToken) {
        let items = try await topItems(ranges: ranges, token: token, now: now)
        do {
            let mapped = try SpotifyTopItemsMapper(canonicalizer: canonicalizer).map(
                artists: items.artists, tracks: items.tracks, now: now)
            return (mapped, items.token)
        } catch { throw .malformedResponse(request: "top items", detail: error.description) }
    }
}
