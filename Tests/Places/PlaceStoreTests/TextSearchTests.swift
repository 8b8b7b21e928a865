import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import PlaceStore
import Testing

@Suite("Text candidates: FTS prefixes, folding, hostile input, typos")
struct TextSearchTests {
    static let helsinki = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    static let places: [Place] = [
        StoreFixtures.place(1, "Ateneum", 60.1703, 24.9443, category: "museum", alternativeNames: ["Ateneumin taidemuseo"]),
        StoreFixtures.place(2, "Café Regatta", 60.1830, 24.9075),
        StoreFixtures.place(3, "Cafe Ekberg", 60.1640, 24.9390),
        StoreFixtures.place(4, "Kahvila Sävy", 60.1600, 24.9450),
        StoreFixtures.place(5, "Ravintola Kuu", 60.1800, 24.9250, category: "restaurant"),
        StoreFixtures.place(6, "Regatta Far Away", 61.5000, 23.7600),
        StoreFixtures.place(7, "Sävyn Kahvila", 60.1610, 24.9460),
    ]

    static func makeStore(_ directory: TemporaryDirectory) throws -> SQLitePlaceStore {
        try StoreFixtures.store(places, in: directory)
    }

    @Test("prefixes of any length from two letters find names, without a centre")
    func ftsPrefixes() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory)
        for query in ["Ateneum", "ateneu", "ATEN", "at", "taidemuseo"] {
            let found = try store.candidates(matching: query, near: nil)
            #expect(found.map(\.place.name) == ["Ateneum"], "query \(query)")
            #expect(found.allSatisfy { $0.match == .prefix && $0.distance == nil })
        }
        #expect(Set(try store.candidates(matching: "kahvila", near: nil).map(\.place.name)) == ["Kahvila Sävy", "Sävyn Kahvila"])
    }

    @Test("case and diacritics are folded both ways")
    func diacritics() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory)
        let cafes = ["Café Regatta", "Cafe Ekberg"]
        for query in ["Cafe", "café", "CAFÉ"] {
            #expect(Set(try store.candidates(matching: query, near: nil).map(\.place.name)) == Set(cafes))
            #expect(Set(try store.candidates(matching: query, near: Self.helsinki).map(\.place.name)) == Set(cafes))
        }
        #expect(try store.candidates(matching: "savy", near: Self.helsinki).count == 2)
        #expect(try store.candidates(matching: "sävy kahv", near: nil).count == 2)
    }

    @Test("with a centre, space goes first: only places within the radius, nearest first")
    func spaceFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory)
        let near = try store.candidates(matching: "regatta", near: Self.helsinki, radius: 5_000)
        #expect(near.map(\.place.name) == ["Café Regatta"])
        #expect(try #require(near.first?.distance) < 5_000)
        let far = try store.candidates(matching: "regatta", near: Self.helsinki, radius: 200_000)
        #expect(far.map(\.place.name) == ["Café Regatta", "Regatta Far Away"])
        let sorted = far.compactMap(\.distance)
        #expect(sorted == sorted.sorted())
        #expect(try store.candidates(matching: "ekberg", near: Self.helsinki, categories: ["museum"]).isEmpty)
    }

    @Test("typos fall back to fuzzy matches near the centre and without one")
    func fuzzyFallback() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory)
        let near = try store.candidates(matching: "cafe regata", near: Self.helsinki, radius: 3_000)
        // The typo'd name comes first (fewest edits); other cafés follow as half-word matches.
        #expect(near.first?.place.name == "Café Regatta")
        #expect(near.first?.match == .fuzzy)
        #expect(!near.contains { $0.place.name == "Ateneum" })
        let global = try store.candidates(matching: "ateneun", near: nil)
        #expect(global.map(\.place.name) == ["Ateneum"])
        #expect(global.first?.match == .fuzzy)
        let transposed = try store.candidates(matching: "ekbreg", near: Self.helsinki)
        #expect(transposed.map(\.place.name) == ["Cafe Ekberg"])
        #expect(try store.candidates(matching: "xqzv", near: Self.helsinki).isEmpty)
    }

    static let hostile: [String] = [
        "\"", "\"\"", "caf\"e", "*", "**", "ca*", "NEAR(", "NEAR(a b", "a AND", "AND", "OR NOT", "(", ")",
        "((cafe", "cafe))", "name:cafe", "{name}: x", "^cafe", "-cafe", "+", "'; DROP TABLE places; --", "",
        "   ", "\u{0}", "%", "_", "\\", "🙂", "ǅ", "²", "\u{301}", "カフェ", "%_%", String(repeating: "a", count: 10_240),
        String(repeating: "cafe ", count: 2_048), String(repeating: "\"(*", count: 3_500),
    ]

    @Test("hostile text never throws and never breaks the query", arguments: hostile)
    func hostileText(_ text: String) throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory)
        _ = try store.candidates(matching: text, near: nil)
        _ = try store.candidates(matching: text, near: Self.helsinki)
        _ = try store.candidates(matching: text, in: .world)
        #expect(try store.counts().places == Self.places.count)
    }

    @Test("the FTS query quotes every word")
    func ftsQuoting() {
        #expect(SearchText.ftsPrefixQuery(["cafe", "re"]) == "\"cafe\"* \"re\"*")
        #expect(SearchText.ftsPrefixQuery(["a\"b"]) == "\"a\"\"b\"*")
        #expect(SearchText.ftsPrefixQuery([]) == nil)
        #expect(SearchText.words("NEAR(Café \"Regatta\"*)") == ["near", "cafe", "regatta"])
        #expect(SearchText.words(String(repeating: "x ", count: 100)).count == SearchText.maximumWords)
    }
}
