import Foundation
import LociTestSupport
import Testing

@testable import InterestKit

/// Spearman correlation between the run-time cosine and human similarity labels, and the order
/// of hand-written profile pairs. The words were embedded by the same offline tool as the tags.
@Suite("Interest similarity evaluation")
struct EvaluationTests {
    struct Words {
        let vocabulary: InterestVocabulary
        let matrix: EmbeddingMatrix

        init() throws {
            let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            let card = try JSONDecoder().decode(
                ModelCard.self,
                from: Data(contentsOf: fixtures.appendingPathComponent("word-model-card.json")))
            let text = try Data(contentsOf: fixtures.appendingPathComponent("words.tsv"))
            #expect(EmbeddingMatrix.sha256(text) == card.vocabularySHA256)
            vocabulary = try InterestVocabulary(
                text: String(decoding: text, as: UTF8.self), file: "words.tsv")
            // Centred over the word list, as the model centres its tags.
            matrix = try EmbeddingMatrix(
                float16: Data(contentsOf: fixtures.appendingPathComponent("word-embeddings.f16")), card: card
            ).centred()
        }

        func cosine(_ a: String, _ b: String) -> Double? {
            guard let ta = InterestTag(category: "culture", slug: a),
                let tb = InterestTag(category: "culture", slug: b),
                let ia = vocabulary.index(of: ta), let ib = vocabulary.index(of: tb)
            else { return nil }
            return Double(matrix.cosine(ia, ib))
        }
    }

    /// (word, word, human score) rows of a WordSim/SimLex file.
    static func labels(_ relativePath: String) throws -> [(String, String, Double)] {
        let text = try String(contentsOf: SharedData.url(relativePath), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let score = Double(fields[2]) else { return nil }
            return (fields[0].lowercased(), fields[1].lowercased(), score)
        }
    }

    /// Ranks 1…n with ties given their average rank.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            for k in start...end { ranks[order[k]] = Double(start + end) / 2 + 1 }
            start = end + 1
        }
        return ranks
    }

    /// Spearman's ρ: Pearson correlation of the tie-averaged ranks.
    static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        let rx = ranks(x)
        let ry = ranks(y)
        let mx = rx.reduce(0, +) / Double(rx.count)
        let my = ry.reduce(0, +) / Double(ry.count)
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for (a, b) in zip(rx, ry) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
            syy += (b - my) * (b - my)
        }
        return sxy / (sxx * syy).squareRoot()
    }

    @Test("Spearman's ρ of a hand-checkable case: ties averaged, reversed order is −1")
    func spearmanByHand() {
        #expect(Self.ranks([10, 20, 20, 5]) == [2, 3.5, 3.5, 1])
        #expect(abs(Self.spearman([1, 2, 3, 4], [40, 30, 20, 10]) + 1) < 1e-12)
        // d = (0, 0, 1, −1): ρ = 1 − 6·2 / (4·15) = 0.8.
        #expect(abs(Self.spearman([1, 2, 3, 4], [1, 2, 4, 3]) - 0.8) < 1e-12)
    }

    @Test(
        "WordSim-353: Spearman between cosine and human labels reaches the seed's 0.6",
        .enabled(
            if: SharedData.has("wordsim/wordsim353.tsv"),
            Comment(rawValue: SharedData.missingMessage("wordsim/wordsim353.tsv"))))
    func wordSim353() throws {
        let words = try Words()
        let rows = try Self.labels("wordsim/wordsim353.tsv")
        #expect(rows.count == 353)
        let pairs = rows.compactMap { row in words.cosine(row.0, row.1).map { ($0, row.2) } }
        #expect(pairs.count == rows.count, "every word pair is embedded")
        let rho = Self.spearman(pairs.map(\.0), pairs.map(\.1))
        print("interest evaluation: WordSim-353 Spearman \(rho) over \(pairs.count) pairs")
        #expect(rho >= 0.6)
    }

    @Test(
        "SimLex-999: Spearman is reported (similarity, not relatedness: a harder target) and clearly positive",
        .enabled(
            if: SharedData.has("wordsim/simlex999.txt"),
            Comment(rawValue: SharedData.missingMessage("wordsim/simlex999.txt"))))
    func simLex999() throws {
        let words = try Words()
        let rows = try Self.labels("wordsim/simlex999.txt")
        #expect(rows.count == 999)
        let pairs = rows.compactMap { row in words.cosine(row.0, row.1).map { ($0, row.2) } }
        #expect(pairs.count == rows.count)
        let rho = Self.spearman(pairs.map(\.0), pairs.map(\.1))
        print("interest evaluation: SimLex-999 Spearman \(rho) over \(pairs.count) pairs")
        #expect(rho >= 0.35)
    }

    struct ProfileCase: Decodable {
        var anchor: [String]
        var closer: [String]
        var farther: [String]
    }

    static func profileCases() throws -> [ProfileCase] {
        let url = Repository.file("tools/embed/profile-pairs.json")
        struct File: Decodable { var cases: [ProfileCase] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
    }

    @Test(
        "every hand-written profile is closer to its obviously similar profile than to its obviously different one"
    )
    func profileOrder() throws {
        let model = try InterestModel.bundled()
        let cases = try Self.profileCases()
        #expect(cases.count >= 15)
        for item in cases {
            let tags = { (names: [String]) in names.compactMap(InterestTag.init).map { WeightedTag($0) } }
            let anchor = try model.vector(for: tags(item.anchor))
            let closer = anchor.cosine(try model.vector(for: tags(item.closer)))
            let farther = anchor.cosine(try model.vector(for: tags(item.farther)))
            #expect(closer > farther, "\(item.anchor): closer \(closer) vs farther \(farther)")
            // The heat weight keeps the order; both may sit on the floor (the technology case does).
            #expect(model.heatWeight(closer) >= model.heatWeight(farther))
            if model.heatWeight(closer) > model.heatWeight.floor {
                #expect(model.heatWeight(closer) > model.heatWeight(farther))
            }
        }
    }

    @Test(
        "the heat weight never falls below its floor, increases above it, and maps the card's calibration points to 0.3 and 0.9"
    )
    func heatWeight() throws {
        let model = try InterestModel.bundled()
        let calibration = try #require(model.card.heatWeight)
        #expect(abs(model.heatWeight(calibration.randomProfileMedianCosine) - 0.3) < 0.002)
        #expect(abs(model.heatWeight(calibration.relatedProfileMedianCosine) - 0.9) < 0.002)
        var previous = 0.0
        for s in stride(from: -1.0, through: 1.0, by: 0.05) {
            let w = model.heatWeight(s)
            #expect(w >= previous && w < 1 && w >= 0.05)
            if w > 0.05 { #expect(w > previous) }
            previous = w
        }
        #expect(model.heatWeight(-1) == 0.05)  // the floor: never invisible
        #expect(model.heatWeight(.nan) == model.heatWeight(0))
    }

    @Test("random 8-tag profile pairs drawn here land near the card's calibration median")
    func calibrationReproduces() throws {
        let model = try InterestModel.bundled()
        let calibration = try #require(model.card.heatWeight)
        var rng = SeededGenerator(seed: 99)
        let tags = model.vocabulary.tags
        var cosines: [Double] = []
        for _ in 0..<400 {
            let a = (0..<8).map { _ in WeightedTag(tags[Int.random(in: 0..<tags.count, using: &rng)]) }
            let b = (0..<8).map { _ in WeightedTag(tags[Int.random(in: 0..<tags.count, using: &rng)]) }
            cosines.append(try model.vector(for: a).cosine(try model.vector(for: b)))
        }
        let median = cosines.sorted()[cosines.count / 2]
        #expect(abs(median - calibration.randomProfileMedianCosine) < 0.02)
    }
}
