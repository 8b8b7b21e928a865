import LociTestSupport
import Testing

@testable import PlaceKit

@Suite("Prepared text matching gives the general matcher's answers")
struct TextMatcherPreparedTests {
    @Test("a typo'd word scores as computed by hand")
    func handComputed() throws {
        var query = TextMatcher.PreparedQuery(TextMatcher.words("regata"))
        let regatta = query.match(name: "Regatta")
        let match = try #require(regatta)
        // OSA("regata", "regatta") = 1 of 7 → 6/7; the typo'd-prefix reading ("regatt", 1 of 6,
        // −0.05) is lower. 0.8 · 6/7 = 0.685714…, times (0.7 + 0.15 · 1/1) = 0.582857…
        #expect(abs(match.similarity - 0.8 * 6 / 7 * 0.85) < 1e-12)
        #expect(match.kind == .fuzzyName)
        let shouted = query.match(name: "  REGATA!! ")
        let other = query.match(name: "Kahvila")
        #expect(shouted == TextMatcher.Match(similarity: 1, kind: .exactName))
        #expect(other == nil)
    }

    @Test("random queries and names, ASCII and not, match as TextMatcher.match does", arguments: [1, 2, 3])
    func sameAsGeneral(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "regatta", "Regata", "cafe", "CAFÉ", "kahvila", "Kahvla", "ravintola", "a", "ab", "Ääni", "aani",
            "K-Market", "7-eleven", "o'learys", "東京", "straße", "strasse", "helsinki", "helsnki", "hki",
            "  ", "&", "(", ")", "\t", "R.", "ÅBO", "abo", "deli", "del", "x1", "x2",
        ]
        func text(_ words: ClosedRange<Int>) -> String {
            (0..<Int.random(in: words, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                .joined(separator: Bool.random(using: &rng) ? " " : "-")
        }
        var compared = 0
        var matched = 0
        for _ in 0..<200 {
            let words = TextMatcher.words(text(1...3))
            var prepared = TextMatcher.PreparedQuery(words)
            for _ in 0..<20 {
                let name = text(0...4)
                let expected = TextMatcher.match(words, name: name)
                let got = prepared.match(name: name)
                #expect(got == expected, "\(words) against \(name)")
                compared += 1
                if expected != nil { matched += 1 }
            }
        }
        // Meaningful only if both outcomes occur often.
        #expect(matched > 300)
        #expect(compared - matched > 500)
    }
}
