import Foundation
import InterestKit

/// Spotify Web API "Get User's Top Items" (`GET /v1/me/top/{artists|tracks}?time_range=…`) →
/// music tags from the artists' genres.
///
/// Artists carry `genres`; tracks carry only simplified artists (no genres), so a track counts
/// for the genres of its artists found in the artist responses given alongside. Each genre
/// string goes through the canonicaliser preferring `music:`. The item at rank r of n weighs
/// 1 − r / (2n) (the top item 1, the last about 0.5). Spotify's ranges are about 4 weeks
/// (`short_term`), 6 months (`medium_term`) and a year (`long_term`); a signal's `lastSeen` is
/// set to the middle of its range (2, 13 and 26 weeks ago) so recency weighting favours recent
/// taste.
public struct SpotifyTopItemsMapper: Sendable {
    /// Spotify's `time_range` values.
    public enum TimeRange: String, Sendable, CaseIterable, Codable {
        case shortTerm = "short_term"
        case mediumTerm = "medium_term"
        case longTerm = "long_term"

        /// How long ago the middle of the range is.
        public var typicalAge: TimeInterval {
            switch self {
            case .shortTerm: 14 * 86_400
            case .mediumTerm: 91 * 86_400
            case .longTerm: 182 * 86_400
            }
        }
    }

    /// The decoded `items` of a top-artists page (only the fields used).
    public struct ArtistsPage: Decodable, Sendable {
        /// The artists, best first.
        public var items: [Artist]
    }

    /// A Spotify artist object (fields used).
    public struct Artist: Decodable, Sendable {
        /// Spotify id.
        public var id: String
        /// Display name.
        public var name: String
        /// Genre strings, e.g. `["indie rock", "modern rock"]` (may be empty).
        public var genres: [String]
    }

    /// The decoded `items` of a top-tracks page (only the fields used).
    public struct TracksPage: Decodable, Sendable {
        /// The tracks, best first.
        public var items: [Track]
    }

    /// A Spotify track object (fields used).
    public struct Track: Decodable, Sendable {
        /// Track name.
        public var name: String
        /// Simplified artists (id and name only).
        public var artists: [SimplifiedArtist]
    }

    /// A simplified artist inside a track.
    public struct SimplifiedArtist: Decodable, Sendable {
        /// Spotify id.
        public var id: String
    }

    private let canonicalizer: Canonicalizer

    /// A mapper canonicalising through `canonicalizer`.
    public init(canonicalizer: Canonicalizer) { self.canonicalizer = canonicalizer }

    /// Maps top-artist and top-track pages (JSON bodies, each with its time range) as of `now`.
    ///
    /// - Throws: ``IntegrationPayloadError`` naming the JSON path of a malformed body.
    public func map(
        artists: [(json: Data, range: TimeRange)], tracks: [(json: Data, range: TimeRange)] = [], now: Date
    ) throws(IntegrationPayloadError) -> MappedInterests {
        var accumulator = SignalAccumulator(source: .spotify)
        var genresOfArtist: [String: [String]] = [:]
        var decodedArtists: [(ArtistsPage, TimeRange)] = []
        for page in artists {
            let decoded: ArtistsPage = try decode(page.json)
            for artist in decoded.items { genresOfArtist[artist.id] = artist.genres }
            decodedArtists.append((decoded, page.range))
        }
        for (page, range) in decodedArtists {
            for (rank, artist) in page.items.enumerated() {
                add(artist.genres, rank: rank, of: page.items.count, range: range, now: now, to: &accumulator)
            }
        }
        for page in tracks {
            let decoded: TracksPage = try decode(page.json)
            for (rank, track) in decoded.items.enumerated() {
                let genres = Set(track.artists.flatMap { genresOfArtist[$0.id] ?? [] }).sorted()
                add(
                    genres, rank: rank, of: decoded.items.count, range: page.range, now: now, to: &accumulator
                )
            }
        }
        return accumulator.result
    }

    private func add(
        _ genres: [String], rank: Int, of count: Int, range: TimeRange, now: Date,
        to accumulator: inout SignalAccumulator
    ) {
        let strength = 1 - Double(rank) / Double(2 * max(1, count))
        var seen: Set<InterestTag> = []
        for genre in genres {
            guard let tag = canonicalizer.canonicalize(genre, preferring: "music").tag else {
                accumulator.addUnknown(genre)
                continue
            }
            // "indie rock" and "modern indie rock" of one artist count once.
            if seen.insert(tag).inserted {
                accumulator.add(tag, lastSeen: now.addingTimeInterval(-range.typicalAge), strength: strength)
            }
        }
    }

    private func decode<T: Decodable>(_ data: Data) throws(IntegrationPayloadError) -> T {
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw IntegrationPayloadError.decoding(error, source: .spotify)
        }
    }
}
