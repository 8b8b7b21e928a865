import Foundation
import GeoKit
import Testing

@testable import PlaceKit

/// Places around Helsinki's Esplanadi, at known offsets from the centre.
enum Fixture {
    static let center = Coordinate(uncheckedLatitude: 60.1675, longitude: 24.9500)

    static func place(
        _ id: Int64, _ name: String?, category: String, north: Double, east: Double = 0,
        alternativeNames: [String] = [], importance: Double = 0
    ) -> Place {
        let atNorth = (try? Spherical.destination(from: center, bearing: 0, distance: north)) ?? center
        let coordinate = (try? Spherical.destination(from: atNorth, bearing: 90, distance: east)) ?? atNorth
        return Place(
            id: PlaceID(osm: .node, id: id), name: name, alternativeNames: alternativeNames,
            category: category, coordinate: coordinate, importance: importance)
    }
}

@Suite("Search ranking")
struct SearchRankerTests {
    let ranker = SearchRanker.standard

    @Test("folding ignores case, diacritics and punctuation")
    func folding() {
        #expect(TextMatcher.fold("Café  Regatta!") == "cafe regatta")
        #expect(TextMatcher.fold("Ätelä-Esplanadi") == "atela esplanadi")
    }

    @Test("edit distance counts transpositions as one edit and gives up past the limit")
    func editDistance() {
        func d(_ a: String, _ b: String, _ limit: Int) -> Int? {
            var calculator = EditDistance()
            return calculator.distance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: limit)
        }
        #expect(d("regata", "regatta", 2) == 1)
        #expect(d("ateneum", "atenuem", 2) == 1)
        #expect(d("kahvila", "kahvla", 2) == 1)
        #expect(d("kitten", "sitting", 3) == 3)
        #expect(d("museum", "stadium", 2) == nil)
        #expect(d("", "ab", 2) == 2)
        #expect(EditDistance.allowance(forLength: 2) == 0)
        #expect(EditDistance.allowance(forLength: 3) == 1)
        #expect(EditDistance.allowance(forLength: 6) == 2)
    }

    @Test("a several-word query survives one unmatched word, at a lower similarity")
    func partialWords() throws {
        let full = try #require(TextMatcher.match(TextMatcher.words("hard rock cafe"), name: "Hard Rock Cafe Helsinki"))
        let typo = try #require(TextMatcher.match(TextMatcher.words("hard rok cafe"), name: "Hard Rock Cafe Helsinki"))
        let missing = try #require(TextMatcher.match(TextMatcher.words("hard xyzzy cafe"), name: "Hard Rock Cafe Helsinki"))
        #expect(full.similarity > typo.similarity && typo.similarity > missing.similarity)
        #expect(typo.kind == .fuzzyName && missing.kind == .fuzzyName)
        #expect(TextMatcher.match(TextMatcher.words("xyzzy plugh cafe"), name: "Hard Rock Cafe Helsinki") == nil)
        #expect(TextMatcher.match(TextMatcher.words("zz of"), name: "Museum of the City") == nil)
    }

    @Test("a typo'd name still finds the place, and says it was fuzzy")
    func typo() {
        let places = [
            Fixture.place(1, "Cafe Regatta", category: "cafe", north: 900),
            Fixture.place(2, "Regatta Sailing Club", category: "sports_club", north: 50),
            Fixture.place(3, "Kappeli", category: "restaurant", north: 10),
        ]
        let results = ranker.rank(places, for: SearchRequest(text: "cafe regata", center: Fixture.center))
        #expect(results.first?.place.name == "Cafe Regatta")
        #expect(results.first?.match == .fuzzyName)
        #expect(!results.contains { $0.place.name == "Kappeli" })
    }

    @Test("an exact name beats a nearer partial match for a name query")
    func exactBeatsNearPartial() {
        let places = [
            Fixture.place(1, "Fazer", category: "cafe", north: 1_500),
            Fixture.place(2, "Fazer Cafe Express", category: "cafe", north: 100),
        ]
        let results = ranker.rank(
            places, for: SearchRequest(text: "Fazer", center: Fixture.center, radius: 2_000))
        #expect(results.map(\.place.name) == ["Fazer", "Fazer Cafe Express"])
        #expect(results.map(\.match) == [.exactName, .partialName])
    }

    @Test("a category query ('coffee', 'kahvila') prefers the nearer café over the more important one")
    func categoryQueryWeighsDistance() {
        let places = [
            Fixture.place(1, "Cafe Ekberg", category: "cafe", north: 1_200, importance: 1),
            Fixture.place(2, "Kahvila Kulma", category: "cafe", north: 150),
            Fixture.place(3, "Coffee Hotel", category: "hotel", north: 20),
        ]
        for query in ["coffee", "kahvila", "Café"] {
            let results = ranker.rank(
                places, for: SearchRequest(text: query, center: Fixture.center, radius: 2_000))
            #expect(results.first?.place.name == "Kahvila Kulma", "query \(query)")
            #expect(
                results.first?.match == .category || results.first?.match == .partialName, "query \(query)")
        }
        #expect(!ranker.categoryIntent(of: "coffee").isEmpty)
        #expect(ranker.categoryIntent(of: "Cafe Regatta").isEmpty)
    }

    @Test("the same distance gap moves a category query more than a name query")
    func separateWeightSets() {
        #expect(SearchRanker.Weights.category.distance > 2 * SearchRanker.Weights.name.distance)
        // Two equally named cafés: for the name query the importance prior can beat 600 m;
        // for the category query it cannot.
        let places = [
            Fixture.place(1, "Espresso House", category: "cafe", north: 900, importance: 1),
            Fixture.place(2, "Espresso House", category: "cafe", north: 300),
        ]
        let byName = ranker.rank(
            places, for: SearchRequest(text: "Espresso House", center: Fixture.center, radius: 4_000))
        let byCategory = ranker.rank(
            places, for: SearchRequest(text: "coffee", center: Fixture.center, radius: 4_000))
        #expect(byName.first?.place.id == PlaceID(osm: .node, id: 1))
        #expect(byCategory.first?.place.id == PlaceID(osm: .node, id: 2))
    }

    @Test("alternative names match but count for less than the name")
    func alternativeNames() throws {
        let places = [
            Fixture.place(
                1, "Helsinki Central Station", category: "train_station", north: 400,
                alternativeNames: ["Helsingin päärautatieasema"]),
            Fixture.place(2, "Päärautatieaseman kioski", category: "convenience", north: 400),
        ]
        let results = ranker.rank(
            places, for: SearchRequest(text: "helsingin paarautatieasema", center: Fixture.center))
        let station = try #require(results.first { $0.place.id == PlaceID(osm: .node, id: 1) })
        #expect(station.match == .alternativeName)
        let exact = ranker.rank(
            [places[0]], for: SearchRequest(text: "Helsinki Central Station", center: Fixture.center))
        #expect(try #require(exact.first).score > station.score)
    }

    @Test("an alternative name replaces a name match only below the alternative-name factor")
    func alternativeNameCeiling() throws {
        // "helsinki" against a 4-word name: similarity 1 · (0.7 + 0.15 · 1/4) = 0.7375, below an
        // exact alternative's 1 · 0.75; against a 3-word name: 1 · (0.7 + 0.15 · 1/3) = 0.75,
        // which an exact alternative (0.75) does not beat.
        let below = Fixture.place(
            1, "Hilton Helsinki Strand Hotel", category: "hotel", north: 300,
            alternativeNames: ["Hilton Strand", "Hotelli", "Helsinki"])
        let at = Fixture.place(
            2, "Hilton Helsinki Strand", category: "hotel", north: 300,
            alternativeNames: ["Hilton Strand", "Helsinki"])
        var query = TextMatcher.PreparedQuery(TextMatcher.words("helsinki"))
        let weights = SearchRanker.Weights.name
        let replaced = try #require(ranker.textMatch(&query, place: below, weights: weights))
        #expect(replaced.kind == .alternativeName)
        #expect(abs(replaced.similarity - 0.75) < 1e-12)
        let kept = try #require(ranker.textMatch(&query, place: at, weights: weights))
        #expect(kept.kind == .partialName)
        #expect(abs(kept.similarity - 0.75) < 1e-12)
        let exact = try #require(
            ranker.textMatch(&query, place: Fixture.place(3, "Helsinki", category: "city", north: 0,
                alternativeNames: ["Helsinki"]), weights: weights))
        #expect(exact.kind == .exactName)
        #expect(exact.similarity == TextMatcher.maximumSimilarity)
    }

    @Test("no text: nearby places come nearest first, filtered by category")
    func nearby() {
        let places = [
            Fixture.place(1, "A", category: "cafe", north: 300),
            Fixture.place(2, "B", category: "cafe", north: 100),
            Fixture.place(3, "C", category: "pharmacy", north: 50),
        ]
        let results = ranker.rank(places, for: SearchRequest(center: Fixture.center, categories: ["cafe"]))
        #expect(results.map(\.place.name) == ["B", "A"])
        #expect(results.allSatisfy { $0.match == .nearby })
        #expect(results.allSatisfy { ($0.distance ?? 0) > 0 })
    }

    @Test("results are deterministic and respect the limit")
    func deterministic() {
        let places = (0..<50).map {
            Fixture.place(Int64($0), "Kiosk \($0 % 5)", category: "convenience", north: 100)
        }
        let request = SearchRequest(text: "kiosk", center: Fixture.center, limit: 7)
        let first = ranker.rank(places, for: request)
        #expect(first.count == 7)
        #expect(first == ranker.rank(places.reversed(), for: request))
    }
}

@Suite("Search ranking: category words inside name queries")
struct SearchRankerHintTests {
    let ranker = SearchRanker.standard

    @Test("a name query with a category word keeps places of that category, below every name match")
    func categoryHints() {
        #expect(ranker.categoryHints(of: "cafe regata").map(\.id) == ["cafe"])
        #expect(ranker.categoryHints(of: "coffee").isEmpty)  // a whole category query, not a hint
        let places = [
            Fixture.place(1, "Cafe Regatta", category: "cafe", north: 1_800),
            Fixture.place(2, "Kahvila Kulma", category: "cafe", north: 20),
            Fixture.place(3, "Kappeli", category: "restaurant", north: 10),
        ]
        let results = ranker.rank(places, for: SearchRequest(text: "cafe regata", center: Fixture.center))
        #expect(results.map(\.place.name) == ["Cafe Regatta", "Kahvila Kulma"])
        #expect(results.map(\.match) == [.fuzzyName, .category])
        let withoutTarget = ranker.rank(Array(places.dropFirst()), for: SearchRequest(text: "cafe regata", center: Fixture.center))
        #expect(withoutTarget.map(\.place.name) == ["Kahvila Kulma"])
    }
}

@Suite("Folding")
struct FoldingTests {
    @Test("the table-driven fast path folds exactly as Foundation does", arguments: [
        "Café Regatta!", "Ätelä-Esplanadi", "Hotel Kämp", "Robert's Coffee", "  spaced   out  ", "ÆØÅ æøå ß",
        "Łódź", "Šibenik", "Ölhalle", "Taïm", "naïve façade", "12:00–14:00", "", "---", "Ĳssel", "ǅemal",
    ])
    func fastPathMatchesFoundation(text: String) {
        #expect(CategoryRegistry.normalizedQuery(text) == CategoryRegistry.foundationFold(text))
    }

    @Test("every Latin character folds as Foundation folds it")
    func wholeTable() {
        for value in 0..<FoldTable.limit {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a\(Character(scalar))b"
            #expect(CategoryRegistry.normalizedQuery(text) == CategoryRegistry.foundationFold(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test("text beyond the table still folds (Cyrillic, combining marks, CJK)")
    func beyondTable() {
        #expect(TextMatcher.fold("Музей Атенеум") == CategoryRegistry.foundationFold("Музей Атенеум"))
        #expect(TextMatcher.fold("Cafe\u{301}") == "cafe")
        #expect(TextMatcher.fold("カフェ") == CategoryRegistry.foundationFold("カフェ"))
    }
}

@Suite("Search ranking: the top-k selection")
struct SearchRankerSelectionTests {
    @Test("the key sort gives the documented order (score, then nearer, then smaller id), ties included")
    func keySortMatchesOrder() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0...90, using: &random)
            // Few distinct scores and distances, so ties on both are common.
            let ranked = (0..<count).map { index in
                RankedPlace(
                    place: Fixture.place(
                        Int64.random(in: 1...1_000_000, using: &random) * 100 + Int64(index), "P",
                        category: "cafe", north: 10),
                    distance: Bool.random(using: &random) ? nil : Double(Int.random(in: 0...3, using: &random)),
                    score: Double(Int.random(in: 0...4, using: &random)) / 4, match: .nearby)
            }
            let limit = Int.random(in: 0...30, using: &random)
            let expected = Array(ranked.sorted(by: SearchRanker.precedes).prefix(limit))
            #expect(SearchRanker.best(ranked, limit: limit) == expected)
        }
    }
}
