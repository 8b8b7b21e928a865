import Foundation
import LociTestSupport
import PlaceKit
import Testing

@testable import InterestKit

@Suite("Interest model artefacts")
struct ModelLoadingTests {
    static let resources: URL = {
        Repository.sourceTarget("InterestKit").appendingPathComponent("Resources")
    }()

    static func file(_ name: String) throws -> Data {
        try Data(contentsOf: resources.appendingPathComponent(name))
    }

    @Test("the bundled model loads, with at least 1,500 tags of 384 dimensions and a version string")
    func bundledLoads() throws {
        let model = try InterestModel.bundled()
        #expect(model.vocabulary.tags.count >= 1_500)
        #expect(model.dimensions == 384)
        #expect(model.embeddings.rows == model.vocabulary.tags.count)
        #expect(model.modelVersion == "all-MiniLM-L6-v2/f16-centred/vocab-\(model.vocabulary.version)")
        #expect(model.heatWeight.alpha > 0)
    }

    @Test("every standard PlaceKit category has a venue tag of the same id")
    func venueTagsAlignWithPlaceKit() throws {
        let model = try InterestModel.bundled()
        let missing = CategoryRegistry.standard.allCategories.filter { !$0.isFallback }.map(\.id).filter {
            guard let tag = InterestTag(category: "venue", slug: $0) else { return true }
            return !model.vocabulary.contains(tag)
        }
        #expect(missing.isEmpty, "categories without a venue tag: \(missing)")
    }

    @Test("every category of the vocabulary has tags; music has the most")
    func categoriesCovered() throws {
        let model = try InterestModel.bundled()
        var counts: [String: Int] = [:]
        for tag in model.vocabulary.tags { counts[String(tag.category), default: 0] += 1 }
        for category in InterestTag.categories {
            #expect((counts[category] ?? 0) >= 50, "\(category): \(counts[category] ?? 0)")
        }
        #expect(counts["music"] == counts.values.max())
    }

    @Test("one changed byte of the matrix is refused with the file and both hashes")
    func tamperedMatrixIsRefused() throws {
        var matrix = try Self.file("tag-embeddings.f16")
        matrix[1_000] ^= 0x01
        #expect {
            try InterestModel(
                vocabulary: Self.file("vocabulary.tsv"), matrix: matrix,
                related: Self.file("related-tags.tsv"),
                card: Self.file("model-card.json"))
        } throws: { error in
            guard case .checksumMismatch(let file, _, _) = error as? InterestModelError else { return false }
            return file == "tag-embeddings.f16"
        }
    }

    @Test("a vocabulary of another version is refused even when the card's hash was updated to match it")
    func vocabularyVersionMismatch() throws {
        let original = String(decoding: try Self.file("vocabulary.tsv"), as: UTF8.self)
        let changed = Data(
            original.replacingOccurrences(of: "version=2026.11.1", with: "version=2027.1.0").utf8)
        #expect(changed != Data(original.utf8))
        var card =
            try JSONSerialization.jsonObject(with: try Self.file("model-card.json")) as? [String: Any] ?? [:]
        card["vocabulary_sha256"] = EmbeddingMatrix.sha256(changed)
        let cardData = try JSONSerialization.data(withJSONObject: card)
        #expect(
            throws: InterestModelError.vocabularyVersionMismatch(card: "2026.11.1", vocabulary: "2027.1.0")
        ) {
            try InterestModel(
                vocabulary: changed, matrix: Self.file("tag-embeddings.f16"),
                related: Self.file("related-tags.tsv"),
                card: cardData)
        }
    }

    @Test("a truncated matrix whose hash the card was changed to is refused for its shape")
    func truncatedMatrix() throws {
        let matrix = try Self.file("tag-embeddings.f16").dropLast(768)
        var card =
            try JSONSerialization.jsonObject(with: try Self.file("model-card.json")) as? [String: Any] ?? [:]
        card["matrix_sha256"] = EmbeddingMatrix.sha256(Data(matrix))
        let cardData = try JSONSerialization.data(withJSONObject: card)
        #expect {
            try InterestModel(
                vocabulary: Self.file("vocabulary.tsv"), matrix: Data(matrix),
                related: Self.file("related-tags.tsv"),
                card: cardData)
        } throws: { error in
            guard case .shapeMismatch = error as? InterestModelError else { return false }
            return true
        }
    }

    @Test("a missing folder names the missing file")
    func missingFolder() {
        #expect {
            try InterestModel(directory: URL(fileURLWithPath: "/nonexistent-loci-model"))
        } throws: { error in
            guard case .missingResource(let name) = error as? InterestModelError else { return false }
            return name.hasPrefix("vocabulary.tsv")
        }
    }

    @Test("the relatedness graph links death metal to black metal and the café to café culture")
    func relatednessGraph() throws {
        let model = try InterestModel.bundled()
        let tag = try #require(InterestTag("music:death_metal"))
        let related = model.graph.related(to: tag)
        #expect(related.contains { $0.tag.rawValue == "music:black_metal" })
        #expect(related.allSatisfy { $0.weight >= 0.45 && $0.weight <= 1 })
        #expect(zip(related, related.dropFirst()).allSatisfy { $0.weight >= $1.weight })
        let cafe = try #require(InterestTag("venue:cafe"))
        #expect(model.graph.related(to: cafe).contains { $0.tag.rawValue == "lifestyle:cafe_culture" })
    }
}
