import GeoKit
import HeatAggregation
import InterestKit
import PlaceKit
import Testing

@testable import Personalisation

@Suite("Personalised results say why they rank where they do")
struct RankingReasonTests {
    static let model = try? TagInterestModel.bundled()

    static func place(_ id: Int64, _ name: String, _ category: String, tags: [String: String] = [:]) -> Place
    {
        Place(
            id: PlaceID(osm: .node, id: id), name: name, category: category,
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94 + Double(id) / 1_000),
            tags: tags)
    }

    /// "bar" candidates as the plain search scored them: a plain bar first, the jazz bar second.
    static let candidates = [
        RankedPlace(place: place(1, "Corner Bar", "bar"), distance: nil, score: 0.8, match: .category),
        RankedPlace(
            place: place(2, "Storyville", "bar", tags: ["music:genre": "jazz"]), distance: nil, score: 0.75,
            match: .category),
        RankedPlace(place: place(3, "Kahvila", "cafe"), distance: nil, score: 0.7, match: .category),
    ]

    static func ranking(_ tags: [WeightedTag], model: TagInterestModel) throws -> PersonalRanking {
        let viewer = tags.isEmpty ? [] : try #require(try model.vector(forWeighted: tags))
        return PersonalRanking(
            candidates: candidates, viewer: viewer, viewerTags: tags, interest: model, releases: [],
            reader: HeatReader(tiler: .standard), now: 0)
    }

    @Test("a jazz profile searching bar gets the jazz bar first, with a jazz reason")
    func jazzBarFirst() throws {
        let model = try #require(Self.model)
        let jazz = try #require(InterestTag("music:jazz"))
        let ranked = try Self.ranking([WeightedTag(jazz)], model: model).ranked()
        #expect(ranked.first?.ranked.place.name == "Storyville")
        #expect(ranked.first?.reason == .interest(tag: jazz, phrase: "jazz music"))
        #expect(ranked.first?.reason?.text == "matches your interest in jazz music")
        // A plain bar is not "jazz" to the model: no reason rather than a made-up one.
        #expect(ranked.first { $0.ranked.place.name == "Corner Bar" }?.reason == nil)
    }

    @Test("a coffee lover's cafe says coffee (cosine 0.495 is above the floor); a pub says nothing")
    func coffeeLover() throws {
        let model = try #require(Self.model)
        let coffee = try #require(InterestTag("food:coffee"))
        let ranked = try Self.ranking([WeightedTag(coffee)], model: model).ranked()
        #expect(ranked.first?.ranked.place.name == "Kahvila")
        #expect(ranked.first?.reason?.text == "matches your interest in coffee")
        #expect(ranked.filter { $0.ranked.place.category == "bar" }.allSatisfy { $0.reason == nil })
    }

    @Test("an empty profile gets no reason and the plain order")
    func emptyProfile() throws {
        let model = try #require(Self.model)
        let ranking = try Self.ranking([], model: model)
        #expect(!ranking.isPersonalised)
        #expect(ranking.ranked().allSatisfy { $0.reason == nil })
        #expect(ranking.ranked().map(\.ranked.place.name) == ["Corner Bar", "Storyville", "Kahvila"])
    }

    @Test("the reason names a tag the profile has, the one contributing most")
    func reasonNamesProfileTag() throws {
        let model = try #require(Self.model)
        let tags = [
            WeightedTag(try #require(InterestTag("music:jazz")), weight: 1),
            WeightedTag(try #require(InterestTag("venue:cafe")), weight: 0.6),
            WeightedTag(try #require(InterestTag("activity:hiking")), weight: 0.8),
        ]
        let ranked = try Self.ranking(tags, model: model).ranked()
        let reasons = ranked.compactMap(\.reason)
        #expect(!reasons.isEmpty)
        for reason in reasons {
            guard case .interest(let tag, _) = reason else {
                Issue.record("unexpected reason \(reason)")
                continue
            }
            #expect(tags.map(\.tag).contains(tag))
        }
        #expect(
            ranked.first { $0.ranked.place.name == "Kahvila" }?.reason?.text
                == "matches your interest in cafe")
        #expect(
            ranked.first { $0.ranked.place.name == "Storyville" }?.reason?.text
                == "matches your interest in jazz music")
    }

    @Test("heat from people with a similar mix says so; dissimilar heat says nothing")
    func peopleLikeYou() throws {
        let model = try #require(Self.model)
        let candidate = Self.candidates[0]
        let similar = PersonalRanking.Result(
            ranked: candidate, score: 0.9, heat: 0.8, interest: 0, reason: nil, heatSimilarity: 0.9)
        #expect(
            PersonalRanking.reason(for: similar, viewerTags: [], model: model)
                == .peopleLikeYou(similarity: 0.9))
        #expect(RankingReason.peopleLikeYou(similarity: 0.9).text == "busy with people like you")
        var unlike = similar
        unlike.heatSimilarity = 0.1
        #expect(PersonalRanking.reason(for: unlike, viewerTags: [], model: model) == nil)
    }
}
