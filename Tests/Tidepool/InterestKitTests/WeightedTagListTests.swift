import Testing

@testable import InterestKit

@Suite("A profile written as TAG[:WEIGHT],…")
struct WeightedTagListTests {
    static func parse(_ text: String) throws -> [WeightedTag] {
        let canonicalizer = try #require(CanonicalizerTests.canonicalizer)
        return try WeightedTagList.parse(text, canonicalizer: canonicalizer)
    }

    @Test("tags, raw strings and weights after the last colon; empty items are skipped")
    func parses() throws {
        let tags = try Self.parse("music:indie_rock:2, venue:cafe,,trail running:0.5")
        #expect(tags.map(\.tag.rawValue) == ["music:indie_rock", "venue:cafe", "activity:trail_running"])
        #expect(tags.map(\.weight) == [2, 1, 0.5])
    }

    @Test(
        "refusals name the item",
        arguments: [
            ("venue:cafe:inf", WeightedTagList.ParseError.weightNotFinite(item: "venue:cafe:inf")),
            ("venue:cafe,nothingknownzz", .unknown(name: "nothingknownzz")),
            (" , ", .empty),
        ])
    func refuses(text: String, expected: WeightedTagList.ParseError) throws {
        let canonicalizer = try #require(CanonicalizerTests.canonicalizer)
        #expect(throws: expected) { try WeightedTagList.parse(text, canonicalizer: canonicalizer) }
    }
}
