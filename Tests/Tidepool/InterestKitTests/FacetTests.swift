import Foundation
import LociTestSupport
import Testing

@testable import InterestKit

/// The facet codebook (issue 20 §1): what a report may carry instead of a vector.
@Suite("Interest facets")
struct FacetTests {
    static let model: InterestModel? = try? InterestModel.bundled()

    static func facets() throws -> (InterestModel, InterestFacets) {
        let model = try #require(Self.model)
        return (model, try InterestFacets.bundled(for: model))
    }

    static func profile(_ model: InterestModel, _ names: [String], weights: [Double]? = nil) throws
        -> InterestVector
    {
        let tags = try names.enumerated().map { index, name in
            WeightedTag(try #require(InterestTag(name)), weight: weights?[index] ?? 1)
        }
        return try model.vector(for: tags)
    }

    @Test("the bundled codebook loads: k in 16…32, one label per facet, versioned with the model")
    func loads() throws {
        let (model, facets) = try Self.facets()
        #expect((16...32).contains(facets.count))
        #expect(facets.labels.count == facets.count)
        #expect(facets.labels.allSatisfy { !$0.isEmpty })
        #expect(facets.version == "facets-\(facets.count)/\(model.modelVersion)")
        #expect(facets.card.sizes.reduce(0, +) == model.vocabulary.tags.count)
        #expect(facets.card.sizes.allSatisfy { $0 * 100 >= model.vocabulary.tags.count })  // ≥ 1 % each
    }

    @Test("every centroid is unit length with the model's dimensions")
    func unitCentroids() throws {
        let (model, facets) = try Self.facets()
        for centroid in facets.centroids {
            #expect(centroid.count == model.dimensions)
            let norm = centroid.reduce(Float(0)) { $0 + $1 * $1 }
            #expect(abs(norm - 1) < 1e-4)
        }
    }

    @Test("every tag's nearest facet is the one the tool recorded for it")
    func assignmentMatchesTheTool() throws {
        let (model, facets) = try Self.facets()
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let text = try String(
            contentsOf: fixtures.appendingPathComponent("facet-assignment.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n")
        let header = try #require(lines.first)
        #expect(header.contains("version=\(facets.version)"))
        lines.removeFirst()
        #expect(lines.count == model.vocabulary.tags.count)
        var mismatches: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t")
            let tag = try #require(InterestTag(String(fields[0])))
            let expected = try #require(Int(fields[1]))
            let vector = try #require(model.embedding(of: tag))
            if facets.nearest(to: vector) != expected { mismatches.append("\(tag)") }
        }
        #expect(mismatches.isEmpty, "tags whose facet differs from the tool's: \(mismatches)")
    }

    @Test(
        "clearly different profiles get different facets",
        arguments: [
            (["music:techno", "music:house", "venue:nightclub", "activity:clubbing"],
             ["music:bluegrass", "music:country", "activity:fishing"]),
            (["cuisine:ramen", "cuisine:sushi", "cuisine:izakaya"],
             ["cuisine:tex_mex", "cuisine:burritos", "food:tequila"]),
            (["music:metal", "music:thrash_metal"], ["activity:painting", "activity:drawing"]),
        ])
    func differentProfilesDiffer(a: [String], b: [String]) throws {
        let (model, facets) = try Self.facets()
        let first = facets.nearest(to: try Self.profile(model, a))
        let second = facets.nearest(to: try Self.profile(model, b))
        #expect(first != second, "\(a) and \(b) share facet \(first) (\(facets.labels[first]))")
    }

    @Test("an empty profile has no facet; nearest(to:) still answers in range")
    func emptyProfile() throws {
        let (model, facets) = try Self.facets()
        let empty = InterestVector(components: [Float](repeating: 0, count: model.dimensions))
        #expect(facets.facet(of: empty) == nil)
        #expect(facets.facet(of: InterestVector(components: [1, 0])) == nil)
        #expect((0..<facets.count).contains(facets.nearest(to: empty)))
    }

    /// Random 8-tag profiles (seed 20), each weight then moved by up to ±10 %: the facet stays in
    /// at least 90 % of cases (measured: see docs/tidepool.md).
    @Test("a profile's facet is stable under ±10 % weight changes in at least 90 % of cases")
    func stableUnderSmallWeightChanges() throws {
        let (model, facets) = try Self.facets()
        var rng = SeededGenerator(seed: 20)
        let tags = model.vocabulary.tags
        var same = 0
        let trials = 500
        for _ in 0..<trials {
            let chosen = (0..<8).map { _ in tags[Int.random(in: 0..<tags.count, using: &rng)] }
            let weights = (0..<8).map { _ in Double.random(in: 0.5...2, using: &rng) }
            let moved = weights.map { $0 * Double.random(in: 0.9...1.1, using: &rng) }
            let before = try model.vector(for: zip(chosen, weights).map { WeightedTag($0, weight: $1) })
            let after = try model.vector(for: zip(chosen, moved).map { WeightedTag($0, weight: $1) })
            if facets.nearest(to: before) == facets.nearest(to: after) { same += 1 }
        }
        let share = Double(same) / Double(trials)
        print("interest facets: facet unchanged under ±10 % weights in \(same)/\(trials) = \(share)")
        #expect(share >= 0.9)
    }

    @Test("one changed byte of the centroids is refused with the file and both hashes")
    func tamperedCentroidsAreRefused() throws {
        let model = try #require(Self.model)
        let resources = ModelLoadingTests.resources
        var centroids = try Data(contentsOf: resources.appendingPathComponent("facet-centroids.f32"))
        centroids[100] ^= 0x01
        let card = try Data(contentsOf: resources.appendingPathComponent("facets.json"))
        #expect {
            try InterestFacets(card: card, centroids: centroids, model: model)
        } throws: { error in
            guard case .checksumMismatch(let file, _, _) = error as? InterestModelError else { return false }
            return file == "facet-centroids.f32"
        }
    }

    @Test("a codebook built for another tag matrix is refused")
    func otherModelIsRefused() throws {
        let model = try #require(Self.model)
        let resources = ModelLoadingTests.resources
        let centroids = try Data(contentsOf: resources.appendingPathComponent("facet-centroids.f32"))
        var card = try JSONDecoder().decode(
            FacetCard.self, from: Data(contentsOf: resources.appendingPathComponent("facets.json")))
        card.tagMatrixSHA256 = String(repeating: "0", count: 64)
        #expect {
            try InterestFacets(card: JSONEncoder().encode(card), centroids: centroids, model: model)
        } throws: { error in
            guard case .checksumMismatch(let file, _, _) = error as? InterestModelError else { return false }
            return file.hasPrefix("facets.json")
        }
    }
}
