import LociTestSupport
import PlaceKit
import Testing

@testable import PlaceStore

@Suite("Typo matcher of the store")
struct FuzzyNameMatcherTests {
    @Test("the character-mask bound never exceeds the true edit distance")
    func maskBoundIsALowerBound() {
        var rng = SeededGenerator(seed: 31)
        let alphabet = Array("abcdeéäö1 xyz".unicodeScalars.map(\.value))
        var calculator = EditDistance()
        for _ in 0..<20_000 {
            let a = (0..<Int.random(in: 1...9, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x61 }
            let b = (0..<Int.random(in: 1...9, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x61 }
            let exact = calculator.distance(a, b, limit: 20) ?? 20
            let bound = FuzzyNameMatcher.editLowerBound(FuzzyNameMatcher.mask(a[...]), FuzzyNameMatcher.mask(b[...]))
            #expect(bound <= exact, "\(a) vs \(b): bound \(bound) > distance \(exact)")
        }
    }

    @Test(
        "names read as UTF-8 bytes (with the per-word character check first) score as names read as strings",
        arguments: [5, 6, 7])
    func bytesAgreeWithStrings(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "kahvila", "kahvla", "regatta", "regata", "cafe", "caf", "ab", "x", "aani", "ääni", "東京", "helsinki",
            "helsniki", "k-market", "7", "stockmann", "stokman", "e\u{301}", "ravintola", "ravntola",
            "kaisaniemenpuisto", "kaisanemen", "puisto kaisa",
        ]
        var accepted = 0
        var rejected = 0
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
            var fromBytes = FuzzyNameMatcher(words: words)
            var fromString = FuzzyNameMatcher(words: words)
            for _ in 0..<30 {
                let text =
                    " "
                    + (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                    .joined(separator: " ")
                let expected = fromString.edits(in: text)
                let got = Array(text.utf8).withUnsafeBytes { fromBytes.edits(utf8: $0) }
                #expect(got == expected, "\(words) in \(text)")
                if expected == nil { rejected += 1 } else { accepted += 1 }
            }
        }
        // Meaningful only if both outcomes are common.
        #expect(accepted > 1_000)
        #expect(rejected > 1_000)
    }

    @Test("typo'd words still match, and unrelated names do not")
    func matches() {
        var matcher = FuzzyNameMatcher(words: ["cafe", "regata"])
        #expect(matcher.edits(in: "cafe regatta") == 1)
        #expect(matcher.edits(in: "ateneum") == nil)
        var transposed = FuzzyNameMatcher(words: ["ekbreg"])
        #expect(transposed.edits(in: "cafe ekberg") == 1)
        var prefix = FuzzyNameMatcher(words: ["stokman"])
        #expect(prefix.edits(in: "stockmann helsinki") != nil)
    }

    @Test("the per-word check before decoding keeps a typo'd prefix of a much longer word")
    func typoedPrefixOfLongWord() {
        // "kaisanemen" against the start of "kaisaniemenpuisto" ("kaisanieme"): 2 edits, the
        // allowance of a 10-letter word. The long word has 4 letters the query lacks (p, u, t, o),
        // so a check using both sides of the mask bound on the whole word would drop it.
        var matcher = FuzzyNameMatcher(words: ["kaisanemen"])
        let text = " kaisaniemenpuisto"
        #expect(matcher.edits(in: text) == 2)
        #expect(Array(text.utf8).withUnsafeBytes { matcher.edits(utf8: $0) } == 2)
        // Its letters spread over two words ("kaisa", "nemen"): neither word alone comes within
        // the allowance, so no match, by bytes or by string.
        let spread = " kaisa nemen"
        #expect(matcher.edits(in: spread) == nil)
        #expect(Array(spread.utf8).withUnsafeBytes { matcher.edits(utf8: $0) } == nil)
    }
}
