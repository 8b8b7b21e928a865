import Foundation
import Testing

@testable import InterestKit

/// Free text mapped through the offline embeddings of typed words (issue 20 §5).
@Suite("Typed words")
struct TypedWordsTests {
    static let model: InterestModel? = try? InterestModel.bundled()

    static func words() throws -> (InterestModel, TypedWords) {
        let model = try #require(Self.model)
        return (model, try TypedWords.bundled(for: model))
    }

    @Test("the bundled words load, with a floor strictly between 0 and 1 and over a thousand words")
    func loads() throws {
        let (_, words) = try Self.words()
        #expect(words.count > 1_000)
        #expect(words.floor > 0 && words.floor < 1)
    }

    @Test("a word's nearest tags come best first, and a word not in the list has none")
    func nearestTagsOrder() throws {
        let (_, words) = try Self.words()
        let hits = words.nearestTags(folded: "whittling", limit: 5)
        #expect(hits.count == 5)
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.similarity >= $1.similarity })
        #expect(words.nearestTags(folded: "qwxzptl").isEmpty)
    }

    @Test(
        "free text that names no tag maps to the tag nearest by the model's vectors, with its cosine",
        arguments: [
            ("breadmaking", "food:bread"), ("Cheesemaking", "food:cheese"), ("investment", "lifestyle:investing"),
            ("cyclist", "activity:cycling"), ("orchestra", "music:orchestral"),
        ])
    func nearest(raw: String, tag: String) throws {
        let (model, words) = try Self.words()
        let canonicalizer = Canonicalizer(vocabulary: model.vocabulary, typedWords: words)
        let outcome = canonicalizer.canonicalize(raw)
        #expect(outcome.tag?.rawValue == tag)
        #expect(outcome.match == .nearest)
        #expect((outcome.similarity ?? 0) >= words.floor)
        // Without the typed words the same text is unknown: the nearest step is what placed it.
        #expect(Canonicalizer(vocabulary: model.vocabulary).canonicalize(raw) == .unknown)
    }

    @Test(
        "a listed word whose nearest tag is below the floor stays unknown",
        arguments: ["couponing", "lapidary", "philately", "whittling"])
    func belowFloor(raw: String) throws {
        let (model, words) = try Self.words()
        let folded = Canonicalizer.fold(raw)
        let best = try #require(words.nearestTags(folded: folded, limit: 1).first)
        #expect(best.similarity < words.floor)
        let canonicalizer = Canonicalizer(vocabulary: model.vocabulary, typedWords: words)
        #expect(canonicalizer.canonicalize(raw) == .unknown)
    }

    @Test(
        "the canonicaliser's old unknowns stay unknown with typed words",
        arguments: ["qwxzptl", "permanent wave", "music:not_a_genre", "zzqx"])
    func stillUnknown(raw: String) throws {
        let (model, words) = try Self.words()
        #expect(Canonicalizer(vocabulary: model.vocabulary, typedWords: words).canonicalize(raw) == .unknown)
    }

    @Test("one changed byte of the word matrix is refused with the file and both hashes")
    func tamperedMatrixIsRefused() throws {
        let model = try #require(Self.model)
        let resources = ModelLoadingTests.resources
        var matrix = try Data(contentsOf: resources.appendingPathComponent("typed-word-embeddings.f16"))
        matrix[4_000] ^= 0x01
        #expect {
            try TypedWords(
                card: Data(contentsOf: resources.appendingPathComponent("typed-words.json")),
                words: Data(contentsOf: resources.appendingPathComponent("typed-words.tsv")), matrix: matrix,
                model: model)
        } throws: { error in
            guard case .checksumMismatch(let file, _, _) = error as? InterestModelError else { return false }
            return file == "typed-word-embeddings.f16"
        }
    }
}
