import Foundation
import GeoKit
import InterestKit
import Testing

@testable import InterestIntegrations

@Suite("Integration mappers")
struct MapperTests {
    static let canonicalizer: Canonicalizer? = (try? InterestModel.bundled()).map {
        Canonicalizer(vocabulary: $0.vocabulary)
    }
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    static func signal(_ result: MappedInterests, _ tag: String) -> InterestSignal? {
        result.signals.first { $0.tag.rawValue == tag }
    }

    @Test("Spotify top artists: genres become music tags weighted by rank; unknown genres are listed")
    func spotifyArtists() throws {
        let mapper = SpotifyTopItemsMapper(canonicalizer: try #require(Self.canonicalizer))
        let result = try mapper.map(
            artists: [(try Self.fixture("spotify-top-artists-short_term.json"), .shortTerm)], now: Self.now)
        // Rank r of 4 weighs 1 − r/8: Phoebe Bridgers 1, The Strokes 0.875, Daft Punk 0.75.
        let indie = try #require(Self.signal(result, "music:indie_rock"))
        #expect(indie.count == 1 && indie.strength == 1)  // "indie rock" and "modern indie rock" count once
        #expect(indie.lastSeen == Self.now.addingTimeInterval(-14 * 86_400))
        #expect(Self.signal(result, "music:garage_rock")?.strength == 0.875)
        // "rock" (exact) and "modern rock" (partial → rock) of The Strokes count once.
        #expect(Self.signal(result, "music:rock")?.count == 1)
        #expect(Self.signal(result, "music:french_house")?.strength == 0.75)
        #expect(Self.signal(result, "music:house")?.strength == 0.75)  // "filter house" → house
        #expect(result.unknown == ["permanent wave"])
        #expect(result.signals.allSatisfy { $0.source == .spotify && $0.tag.category == "music" })
    }

    @Test("Spotify top tracks count for their artists' genres; a track whose artist is unknown adds nothing")
    func spotifyTracks() throws {
        let mapper = SpotifyTopItemsMapper(canonicalizer: try #require(Self.canonicalizer))
        let artists = try Self.fixture("spotify-top-artists-short_term.json")
        let tracks = try Self.fixture("spotify-top-tracks-short_term.json")
        let alone = try mapper.map(artists: [(artists, .shortTerm)], now: Self.now)
        let both = try mapper.map(
            artists: [(artists, .shortTerm)], tracks: [(tracks, .shortTerm)], now: Self.now)
        // One More Time (rank 0 of 2, weight 1) adds Daft Punk's genres once more.
        let electro = try #require(Self.signal(both, "music:electro"))
        #expect(electro.count == 2)
        #expect(abs(electro.strength - (0.75 + 1) / 2) < 1e-12)
        #expect(Self.signal(both, "music:indie_rock") == Self.signal(alone, "music:indie_rock"))
    }

    @Test("A malformed Spotify body names the JSON path")
    func spotifyMalformed() throws {
        let mapper = SpotifyTopItemsMapper(canonicalizer: try #require(Self.canonicalizer))
        let body = Data(#"{"items":[{"id":"x","name":"y","genres":"rock"}]}"#.utf8)
        #expect {
            try mapper.map(artists: [(body, .longTerm)], now: Self.now)
        } throws: { error in
            (error as? IntegrationPayloadError)?.detail.contains("items[0].genres") == true
        }
    }

    @Test("Apple Maps saved places: POI categories become venue tags counted per category, latest save kept")
    func appleMaps() throws {
        let mapper = AppleMapsSavedPlacesMapper(canonicalizer: try #require(Self.canonicalizer))
        let result = try mapper.map(try Self.fixture("apple-maps-saved-places.json"))
        let cafe = try #require(Self.signal(result, "venue:cafe"))
        #expect(cafe.count == 2)
        #expect(cafe.lastSeen == ISO8601DateFormatter().date(from: "2026-10-02T09:15:00Z"))
        #expect(Self.signal(result, "venue:museum")?.count == 1)
        #expect(Self.signal(result, "venue:national_park")?.count == 1)
        #expect(result.unknown == ["Spaceport"])
        #expect(result.signals.count == 3)
    }

    @Test("Instagram topics: known names become tags, the rest are listed unknown")
    func instagram() throws {
        let mapper = InstagramTopicsMapper(canonicalizer: try #require(Self.canonicalizer))
        let result = try mapper.map(try Self.fixture("instagram-your_topics.json"), exportedAt: Self.now)
        #expect(
            result.signals.map(\.tag.rawValue) == [
                "activity:hiking", "food:coffee", "activity:street_photography", "cuisine:ramen",
            ])
        #expect(result.unknown == ["Celebrity Gossip Accounts"])
        #expect(result.signals.allSatisfy { $0.lastSeen == Self.now && $0.source == .instagram })
    }

    @Test("Favourites: five stars is +1, one star −1, three stars nothing; a rating of 6 is refused")
    func favourites() throws {
        let canonicalizer = try #require(Self.canonicalizer)
        let mapper = FavouritesMapper(canonicalizer: canonicalizer)
        let result = try mapper.map([
            .init(placeID: "osm:node/1", categoryID: "cafe", rating: 5, ratedAt: Self.now),
            .init(placeID: "osm:node/2", categoryID: "nightclub", rating: 1, ratedAt: Self.now),
            .init(placeID: "osm:node/3", categoryID: "museum", rating: 3, ratedAt: Self.now),
            .init(placeID: "osm:node/4", categoryID: "bar", rating: 4, ratedAt: Self.now),
        ])
        #expect(Self.signal(result, "venue:cafe")?.strength == 1)
        #expect(Self.signal(result, "venue:nightclub")?.strength == -1)
        #expect(Self.signal(result, "venue:bar")?.strength == 0.5)
        #expect(Self.signal(result, "venue:museum") == nil)
        #expect(throws: IntegrationPayloadError.self) {
            try mapper.map([.init(placeID: "osm:node/9", categoryID: "cafe", rating: 6, ratedAt: Self.now)])
        }
    }

    @Test("A one-star nightclub moves the user vector away from nightclubs")
    func dislikeMovesVector() throws {
        let model = try InterestModel.bundled()
        let mapper = FavouritesMapper(canonicalizer: Canonicalizer(vocabulary: model.vocabulary))
        let base: [FavouritesMapper.Favourite] = [
            .init(placeID: "a", categoryID: "cafe", rating: 5, ratedAt: Self.now),
            .init(placeID: "b", categoryID: "bar", rating: 5, ratedAt: Self.now),
        ]
        let disliked = base + [.init(placeID: "c", categoryID: "nightclub", rating: 1, ratedAt: Self.now)]
        let club = try #require(model.embedding(of: InterestTag("venue:nightclub")!))
        let before = try model.vector(for: try mapper.map(base).signals, now: Self.now).cosine(club)
        let after = try model.vector(for: try mapper.map(disliked).signals, now: Self.now).cosine(club)
        #expect(after < before)
    }

    struct TableLookup: PlaceCategoryLookup {
        let table: [String: [String]]
        func categoryIDs(near coordinate: Coordinate, radius: Double) -> [String] {
            table["\(coordinate.latitude),\(coordinate.longitude)"] ?? []
        }
    }

    static func cluster(
        _ id: String, _ lat: Double, _ lon: Double, days: Int, last: PhotographedPlace.Day, hidden: Bool = false
    ) -> PhotographedPlace {
        PhotographedPlace(
            centroid: Coordinate(uncheckedLatitude: lat, longitude: lon), radius: 80, distinctDays: days, lastDay: last,
            isHidden: hidden)
    }

    @Test(
        "Photo clusters: the categories around each visible cluster count its distinct days; hidden clusters are skipped"
    )
    func photoClusters() throws {
        let lookup = TableLookup(table: [
            "60.17,24.94": ["cafe", "bakery", "bank"], "60.3,24.5": ["park"], "60.2,24.9": ["nightclub"],
            "60.1,24.8": ["not_a_category"],
        ])
        let mapper = PhotoClusterMapper(canonicalizer: try #require(Self.canonicalizer), lookup: lookup)
        let result = mapper.map(
            [
                Self.cluster("g1", 60.17, 24.94, days: 12, last: .init(year: 2026, month: 10, day: 3)),
                Self.cluster("g2", 60.3, 24.5, days: 4, last: .init(year: 2026, month: 8, day: 9)),
                Self.cluster(
                    "g3", 60.2, 24.9, days: 30, last: .init(year: 2026, month: 9, day: 1), hidden: true),
                Self.cluster("g4", 60.1, 24.8, days: 2, last: .init(year: 2026, month: 9, day: 1)),
            ], timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        // Two categories per cluster: the bank is dropped.
        #expect(result.signals.map(\.tag.rawValue) == ["venue:cafe", "venue:bakery", "venue:park"])
        #expect(Self.signal(result, "venue:cafe")?.count == 12)
        #expect(
            Self.signal(result, "venue:park")?.lastSeen
                == ISO8601DateFormatter().date(from: "2026-08-09T09:00:00Z"))
        #expect(Self.signal(result, "venue:nightclub") == nil)
        #expect(result.unknown == ["not_a_category"])
    }
}
