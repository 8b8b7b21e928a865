import GeoKit
import HeatAggregation
import Personalisation
import PlaceKit
import Testing

@Suite("Personalisation: interest vectors and the personal order")
struct PersonalisationTests {
    static let model = try? TagInterestModel.bundled()

    @Test("an unknown tag is a domain error naming its index and text")
    func unknownTag() async throws {
        let model = try #require(Self.model)
        await #expect(throws: PersonalisationError.unknownInterest(index: 1, tag: "not a thing at all")) {
            try await model.vector(forTags: ["jazz", "not a thing at all"])
        }
        let error = PersonalisationError.unknownInterest(index: 1, tag: "x")
        #expect(error.description == "tags[1]: \"x\" is not a known interest (use category:slug tags such as music:jazz)")
    }

    @Test("known tags make one unit vector of the model's dimension; repeats count once")
    func knownTags() async throws {
        let model = try #require(Self.model)
        let once = try #require(try await model.vector(forTags: ["music:jazz", "venue:cafe"]))
        let twice = try #require(try await model.vector(forTags: ["music:jazz", "music:jazz", "venue:cafe"]))
        #expect(once.count == model.dimension)
        #expect(once == twice)
        let norm = once.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
        #expect(abs(norm - 1) < 1e-4)
    }

    @Test("without heat or interest data the plain order is kept and the reason says why")
    func fallback() throws {
        let places = ["a", "b", "c"].enumerated().map { index, name in
            RankedPlace(
                place: Place(
                    id: PlaceID(osm: .node, id: Int64(index + 1)), name: name, category: "cafe",
                    coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94 + Double(index) / 1_000)),
                distance: nil, score: 1 - Double(index) / 10, match: .exactName)
        }
        let ranking = PersonalRanking(
            candidates: places, viewer: [], interest: NoInterestModel(), releases: [],
            reader: HeatReader(tiler: .standard), now: 0)
        #expect(!ranking.isPersonalised)
        #expect(ranking.fallbackReason == "no interest profile and no released heat here")
        #expect(ranking.ranked().map(\.ranked.place.name) == ["a", "b", "c"])
    }

    @Test("a viewer's interest reorders places whose vectors align with it")
    func interestReorders() async throws {
        let model = try #require(Self.model)
        let viewer = try #require(try await model.vector(forTags: ["venue:bar"]))
        let cafe = Place(
            id: PlaceID(osm: .node, id: 1), name: "Cafe", category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        let bar = Place(
            id: PlaceID(osm: .node, id: 2), name: "Bar", category: "bar",
            coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.941))
        let ranking = PersonalRanking(
            candidates: [
                RankedPlace(place: cafe, distance: nil, score: 0.8, match: .category),
                RankedPlace(place: bar, distance: nil, score: 0.75, match: .category),
            ],
            viewer: viewer, interest: model, releases: [], reader: HeatReader(tiler: .standard), now: 0)
        #expect(ranking.isPersonalised)
        #expect(ranking.ranked().map(\.ranked.place.name) == ["Bar", "Cafe"])
    }
}
