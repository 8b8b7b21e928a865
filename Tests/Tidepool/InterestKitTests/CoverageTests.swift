import Foundation
import Testing

@testable import InterestKit

/// How many common interest words the canonicaliser places (issue 20 §5), on Wikipedia's list of
/// hobbies (`Fixtures/interest-words.txt`, origin in its header).
@Suite("Interest word coverage")
struct CoverageTests {
    static let canonicalizer: Canonicalizer? = (try? InterestModel.bundled()).flatMap { model in
        (try? TypedWords.bundled(for: model)).map { Canonicalizer(vocabulary: model.vocabulary, typedWords: $0) }
    }

    static func words() throws -> [String] {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let text = try String(contentsOf: fixtures.appendingPathComponent("interest-words.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("the judged sample is the list's every 3.67th word, and every tag it accepts exists")
    func sampleIsTheStatedOne() throws {
        let words = try Self.words()
        let model = try InterestModel.bundled()
        #expect(CoverageSample.judged.count == 100)
        for (i, item) in CoverageSample.judged.enumerated() {
            #expect(item.word == words[i * words.count / 100])
            for name in item.acceptable where name != "unknown" {
                #expect(InterestTag(name).map(model.vocabulary.contains) == true, "\(item.word): \(name)")
            }
        }
    }

    /// Measured: 86 of 100 (docs/tidepool.md, "The words people type").
    @Test("at least 85 of the 100 judged words get a tag a person accepts (or an acceptable unknown)")
    func judgedSample() throws {
        let canonicalizer = try #require(Self.canonicalizer)
        var sensible = 0
        var misses: [String] = []
        for item in CoverageSample.judged {
            let answer = canonicalizer.canonicalize(item.word).tag?.rawValue ?? "unknown"
            if item.acceptable.contains(answer) { sensible += 1 } else { misses.append("\(item.word) → \(answer)") }
        }
        print("interest coverage: \(sensible)/100 judged words sensible; misses: \(misses)")
        #expect(sensible >= 85, "misses: \(misses)")
    }

    /// Measured: 238 of 367 (64.9 %); by the text rules alone 191 (52.0 %). Mapped is not
    /// judged: the sample above says how many answers are sensible.
    @Test("at least 60 % of the whole list maps to some tag")
    func wholeList() throws {
        let canonicalizer = try #require(Self.canonicalizer)
        let words = try Self.words()
        let mapped = words.filter { canonicalizer.canonicalize($0).tag != nil }.count
        let share = Double(mapped) / Double(words.count)
        print("interest coverage: \(mapped)/\(words.count) = \(share) of the list mapped to a tag")
        #expect(share >= 0.6)
    }

    @Test("without typed words the same list maps less: the nearest step is what adds coverage")
    func nearestStepAddsCoverage() throws {
        let model = try InterestModel.bundled()
        let withWords = try #require(Self.canonicalizer)
        let plain = Canonicalizer(vocabulary: model.vocabulary)
        let words = try Self.words()
        let before = words.filter { plain.canonicalize($0).tag != nil }.count
        let after = words.filter { withWords.canonicalize($0).tag != nil }.count
        print("interest coverage: \(before) words mapped by text rules alone, \(after) with the nearest step")
        #expect(after > before)
    }
}
