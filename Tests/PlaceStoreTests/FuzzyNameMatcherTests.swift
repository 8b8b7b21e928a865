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
}
