import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import PlaceStore

@Suite("Cell word index: the typo pass tests distinct words, and finds what the full scan finds")
struct PlaceCellWordsTests {
    static let center = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)

    static func store(in directory: TemporaryDirectory) throws -> SQLitePlaceStore {
        try StoreFixtures.store(
            [
                StoreFixtures.place(1, "Café Regatta", 60.1701, 24.9401),
                StoreFixtures.place(2, "Kahvila Ekberg", 60.1702, 24.9402),
                StoreFixtures.place(3, "Ravintola Kaisaniemi", 60.1703, 24.9403, category: "restaurant"),
                StoreFixtures.place(4, "Москва", 60.1704, 24.9404, alternativeNames: ["Moskova"]),
                StoreFixtures.place(5, "東京", 60.1705, 24.9405),
                StoreFixtures.place(6, "A", 60.1706, 24.9406),
                StoreFixtures.place(7, String(repeating: "kahvi", count: 200), 60.1707, 24.9407),
            ], in: directory)
    }

    @Test(
        "a substitution, a deletion, an insertion and a transposition are found through the word index",
        arguments: [
            ("regarta", "osm:node/1"),  // substitution (t → r)
            ("regata", "osm:node/1"),  // deletion
            ("reggatta", "osm:node/1"),  // insertion
            ("rgeatta", "osm:node/1"),  // transposition
            ("ekbreg", "osm:node/2"),  // transposition, 6 letters
            ("kaisaneimi", "osm:node/3"),  // transposition in a 10-letter word
            ("kaisanemi", "osm:node/3"),  // deletion in a 10-letter word
            ("kaisanei", "osm:node/3"),  // a typo'd prefix (transposed "ie" of "kaisanie…")
            ("moskvoa", "osm:node/4"),  // alternative name, transposition
        ])
    func typosFound(query: String, id: String) throws {
        let directory = try TemporaryDirectory()
        let (cells, reference) = PlaceCellIndexTests.bothPaths(try Self.store(in: directory))
        let found = try cells.candidates(matching: query, near: Self.center, radius: 1_000)
        #expect(found.map(\.place.id.rawValue) == [id], "\(query)")
        #expect(found.first?.match == .fuzzy)
        let expected = try reference.candidates(matching: query, near: Self.center, radius: 1_000)
        #expect(PlaceCellIndexTests.ids(found) == PlaceCellIndexTests.ids(expected))
    }

    @Test(
        "words beyond the allowance are not found: two edits of a 4–5-letter word, three of a longer one",
        arguments: ["cxfx", "exxxrg", "rxgxtxa", "kaxsxnxemi"])
    func tooFarNotFound(query: String) throws {
        let directory = try TemporaryDirectory()
        let (cells, reference) = PlaceCellIndexTests.bothPaths(try Self.store(in: directory))
        #expect(try cells.candidates(matching: query, near: Self.center, radius: 1_000).isEmpty, "\(query)")
        #expect(try reference.candidates(matching: query, near: Self.center, radius: 1_000).isEmpty, "\(query)")
    }

    @Test(
        "hostile queries (empty, one letter, very long, other scripts) give the R*Tree path's answers",
        arguments: [
            "", " ", "a", "ab", "ä", String(repeating: "kahvi", count: 200), String(repeating: "x", count: 5_000),
            "москва", "моксва", "東京", "東京都", "\u{301}", "🙂🙂🙂", "regatta ekberg kaisaniemi moskva a b c d e f",
        ])
    func hostileQueries(query: String) throws {
        let directory = try TemporaryDirectory()
        let (cells, reference) = PlaceCellIndexTests.bothPaths(try Self.store(in: directory))
        let found = try cells.candidates(matching: query, near: Self.center, radius: 1_000)
        let expected = try reference.candidates(matching: query, near: Self.center, radius: 1_000)
        #expect(PlaceCellIndexTests.ids(found) == PlaceCellIndexTests.ids(expected), "\(query)")
    }

    @Test("the word blob lists each distinct word once, with the records holding it")
    func encoding() throws {
        let texts = [" cafe regatta", " cafe cafe ekberg", "", " ekberg  x"].map { Array($0.utf8) }
        let blob = PlaceCellWords.encode(searchTexts: texts)
        var words: [String: [UInt32]] = [:]
        var order: [String] = []
        var masks: [String: UInt64] = [:]
        try blob.withUnsafeBytes { raw in
            try PlaceCellWords.forEachWord(in: raw, cell: 3) { mask, word, postings in
                let text = String(decoding: word, as: UTF8.self)
                order.append(text)
                masks[text] = mask
                words[text] = (0..<(postings.count / 4)).map {
                    postings.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self)
                }
            }
        }
        #expect(order == ["cafe", "regatta", "ekberg", "x"])
        #expect(words == ["cafe": [0, 1], "regatta": [0], "ekberg": [1, 3], "x": [3]])
        // c, a, f, e are bits 2, 0, 5, 4 (a = bit 0).
        #expect(masks["cafe"] == 0b110101)
        // 1 format byte + 4 count; per word 8 + 4 + bytes + 4 + 4 · postings.
        #expect(blob.count == 5 + (16 + 4 + 8) + (16 + 7 + 4) + (16 + 6 + 8) + (16 + 1 + 4))
    }

    @Test("a word blob cut at any byte, or of another format, is a typed error naming the cell")
    func truncatedWords() throws {
        let blob = PlaceCellWords.encode(searchTexts: [" cafe regatta", " ekberg"].map { Array($0.utf8) })
        for length in 0..<blob.count {
            let error = try #require(throws: PlaceStoreError.self) {
                try Array(blob.prefix(length)).withUnsafeBytes { raw in
                    try PlaceCellWords.forEachWord(in: raw, cell: 8) { _, _, _ in }
                }
            }
            guard case .corruptRow(let table, let id, _) = error.kind else {
                Issue.record("unexpected \(error)")
                continue
            }
            #expect(table == "place_cells" && id == "8")
        }
        var other = blob
        other[0] = 9
        #expect(throws: PlaceStoreError.self) {
            try other.withUnsafeBytes { raw in try PlaceCellWords.forEachWord(in: raw, cell: 8) { _, _, _ in } }
        }
    }

    @Test("random bytes as a word blob either read or throw, and marking never traps", arguments: [1, 2])
    func randomWordBlobs(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var bits: [UInt64] = []
        for _ in 0..<2_000 {
            var blob = (0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if !blob.isEmpty, Bool.random(using: &rng) { blob[0] = PlaceCellWords.version }
            if blob.count >= 5, Bool.random(using: &rng) { blob.replaceSubrange(1..<5, with: [1, 0, 0, 0]) }
            _ = try? blob.withUnsafeBytes { raw in
                try PlaceCellWords.marked(in: raw, cell: 0, into: &bits) { _, _ in true }
            }
            #expect(bits.count <= blob.count + 1)
        }
    }

    @Test(
        "every name the matcher keeps holds a word the word filter accepts (the filter drops no match)",
        arguments: [11, 12, 13])
    func filterKeepsEveryMatch(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "kahvila", "kahvla", "regatta", "regata", "cafe", "caf", "ab", "x", "aani", "ääni", "東京", "helsinki",
            "helsniki", "hlesinki", "k-market", "7", "stockmann", "stokman", "e\u{301}", "ravintola", "ravntola",
            "kaisaniemenpuisto", "kaisanemen", "москва", "моксва", "a", String(repeating: "q", count: 60),
        ]
        var kept = 0
        var filtered = 0
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
            var matcher = FuzzyNameMatcher(words: words)
            var filter = FuzzyNameMatcher(words: words)
            for _ in 0..<30 {
                let nameWords = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                    pieces.randomElement(using: &rng) ?? ""
                }
                let accepted = nameWords.contains { word in
                    let scalars = word.unicodeScalars.map(\.value)
                    return Array(word.utf8).withUnsafeBytes {
                        filter.matchesSignificantWord(utf8: $0, mask: FuzzyNameMatcher.mask(scalars[...]))
                    }
                }
                if matcher.edits(in: " " + nameWords.joined(separator: " ")) != nil {
                    kept += 1
                    #expect(accepted, "\(words) in \(nameWords)")
                } else if !accepted {
                    filtered += 1
                }
            }
        }
        // Meaningful only if both happen often.
        #expect(kept > 1_000)
        #expect(filtered > 1_000)
    }

    @Test("a store without migration v4 (the word index) is refused and told to re-import")
    func version3Refused() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.store(in: directory).path  // released: an open store keeps its file locked
        _ = try PlaceStoreSchemaTests.sqlite(path, "DELETE FROM grdb_migrations WHERE identifier = 'v4'")
        let error = try #require(throws: PlaceStoreError.self) { try SQLitePlaceStore(path: path) }
        guard case .incompatibleSchema(let detail) = error.kind else {
            Issue.record("expected an incompatible schema, got \(error)")
            return
        }
        #expect(detail.contains("v4") && detail.contains("re-import"))
        #expect(error.path == path)
    }

    @Test("a cell without a word index (NULL words) is still searched in full")
    func missingWordsStillSearched() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.store(in: directory).path  // released: an open store keeps its file locked
        _ = try PlaceStoreSchemaTests.sqlite(path, "UPDATE place_cells SET words = NULL")
        let reopened = try SQLitePlaceStore(path: path)
        let found = try reopened.candidates(matching: "regata", near: Self.center, radius: 1_000)
        #expect(found.map(\.place.id.rawValue) == ["osm:node/1"])
    }
}
