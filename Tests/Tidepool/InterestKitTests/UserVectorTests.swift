import Foundation
import Testing

@testable import InterestKit

@Suite("User vectors")
struct UserVectorTests {
    static let model = try? InterestModel.bundled()
    static func tag(_ text: String) -> InterestTag { InterestTag(text)! }

    @Test("one tag's vector is that tag's embedding, whatever its positive weight")
    func singleTag() throws {
        let model = try #require(Self.model)
        let embedding = try #require(model.embedding(of: Self.tag("music:jazz")))
        for weight in [0.2, 1, 7] {
            let vector = try model.vector(for: [WeightedTag(Self.tag("music:jazz"), weight: weight)])
            #expect(abs(vector.cosine(embedding) - 1) < 1e-5)
        }
    }

    @Test("the vector is unit length, and the order of tags does not matter")
    func normalisedAndOrderFree() throws {
        let model = try #require(Self.model)
        let tags = [
            WeightedTag(Self.tag("venue:cafe"), weight: 2), WeightedTag(Self.tag("activity:hiking")),
            WeightedTag(Self.tag("music:techno"), weight: 0.5),
        ]
        let a = try model.vector(for: tags)
        let b = try model.vector(for: tags.reversed())
        let length = a.components.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(length - 1) < 1e-5)
        #expect(abs(a.cosine(b) - 1) < 1e-5)
    }

    @Test("the vector equals normalise(Σ w·e) computed by hand from the rows")
    func weightedSum() throws {
        let model = try #require(Self.model)
        let e1 = try #require(model.embedding(of: Self.tag("cuisine:ramen"))).components
        let e2 = try #require(model.embedding(of: Self.tag("activity:surfing"))).components
        var sum = zip(e1, e2).map { 3 * Double($0) + 0.5 * Double($1) }
        let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
        sum = sum.map { $0 / norm }
        let vector = try model.vector(for: [
            WeightedTag(Self.tag("cuisine:ramen"), weight: 3),
            WeightedTag(Self.tag("activity:surfing"), weight: 0.5),
        ])
        for (a, b) in zip(vector.components, sum) { #expect(abs(Double(a) - b) < 1e-5) }
    }

    @Test("a disliked tag pushes the vector away from it")
    func dislikePushesAway() throws {
        let model = try #require(Self.model)
        let bar = try #require(model.embedding(of: Self.tag("venue:nightclub")))
        let liked = try model.vector(for: [
            WeightedTag(Self.tag("venue:cafe")), WeightedTag(Self.tag("music:house")),
        ])
        let withDislike = try model.vector(for: [
            WeightedTag(Self.tag("venue:cafe")), WeightedTag(Self.tag("music:house")),
            WeightedTag(Self.tag("venue:nightclub"), weight: -1),
        ])
        #expect(withDislike.cosine(bar) < liked.cosine(bar) - 0.05)
    }

    @Test("no tags, or weights that cancel, give the empty vector (cosine 0 with anything)")
    func empty() throws {
        let model = try #require(Self.model)
        let none = try model.vector(for: [])
        #expect(none.isEmpty)
        let cancelled = try model.vector(for: [
            WeightedTag(Self.tag("music:jazz"), weight: 1), WeightedTag(Self.tag("music:jazz"), weight: -1),
        ])
        #expect(cancelled.isEmpty)
        #expect(none.cosine(try model.vector(for: [WeightedTag(Self.tag("music:jazz"))])) == 0)
    }

    @Test("an unknown tag and a NaN weight are typed errors naming the tag")
    func badInput() throws {
        let model = try #require(Self.model)
        #expect(throws: InterestModelError.unknownTag("music:not_a_genre")) {
            try model.vector(for: [WeightedTag(Self.tag("music:not_a_genre"))])
        }
        #expect(throws: InterestModelError.self) {
            try model.vector(for: [WeightedTag(Self.tag("music:jazz"), weight: .nan)])
        }
    }

    @Test("the compact form is 776 bytes (≤ 1.5 KB) and decodes to the same direction")
    func encoding() throws {
        let model = try #require(Self.model)
        let vector = try model.vector(for: [
            WeightedTag(Self.tag("music:jazz")), WeightedTag(Self.tag("venue:cafe"), weight: 2),
        ])
        let data = vector.encoded()
        #expect(data.count == 8 + 2 * 384)
        #expect(data.count <= 1_536)
        let decoded = try InterestVector(encoded: data)
        #expect(decoded.cosine(vector) > 0.99999)
    }

    @Test("a truncated or foreign encoded vector is refused")
    func badEncoding() throws {
        let model = try #require(Self.model)
        let data = try model.vector(for: [WeightedTag(Self.tag("music:jazz"))]).encoded()
        #expect(throws: InterestModelError.self) { try InterestVector(encoded: data.dropLast(2)) }
        #expect(throws: InterestModelError.self) {
            try InterestVector(encoded: Data("LIV2".utf8) + data.dropFirst(4))
        }
        #expect(throws: InterestModelError.self) { try InterestVector(encoded: Data()) }
    }

    @Test("the int8 vector set scores a viewer within 0.005 of the exact cosine")
    func vectorSet() throws {
        let model = try #require(Self.model)
        let tags = model.vocabulary.tags
        var set = InterestVectorSet(dimensions: model.dimensions)
        var vectors: [InterestVector] = []
        for index in stride(from: 0, to: 200, by: 7) {
            let vector = try model.vector(for: [
                WeightedTag(tags[index]), WeightedTag(tags[index + 1], weight: 0.3),
            ])
            vectors.append(vector)
            try set.append(vector)
        }
        let viewer = try model.vector(for: [WeightedTag(Self.tag("music:jazz"))])
        var scores: [Float] = []
        set.cosines(with: viewer, into: &scores)
        #expect(scores.count == vectors.count)
        // int8 codes: within the documented bound, and in practice much closer.
        var worst = 0.0
        for (score, vector) in zip(scores, vectors) {
            worst = max(worst, abs(Double(score) - viewer.cosine(vector)))
        }
        #expect(worst < 0.005)
        #expect(worst > 0)  // it is quantised, not a copy
        #expect(throws: InterestModelError.self) { try set.append(InterestVector(components: [1, 0])) }
    }
}

@Suite("Signal weighting")
struct InterestWeightingTests {
    static let tag = InterestTag("music:jazz")!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("recency halves the weight per half-life and frequency is 1 + ln(count)")
    func recencyAndFrequency() {
        let weighting = InterestWeighting(halfLife: 86_400)
        // count e² → 1 + 2 = 3; two half-lives → 0.25; strength 0.8 → 0.6.
        let signal = InterestSignal(
            tag: Self.tag, source: .spotify, count: 7, lastSeen: Self.now.addingTimeInterval(-2 * 86_400),
            strength: 0.8)
        let weight = weighting.weightedTags([signal], now: Self.now)
        #expect(weight.count == 1)
        #expect(abs((weight.first?.weight ?? 0) - 0.8 * 0.25 * (1 + log(7.0))) < 1e-12)
    }

    @Test("declared interests count fully alone and fade as integration mass arrives (k / (k + M))")
    func progressiveReweighting() {
        let weighting = InterestWeighting(halfLife: 1e12, declaredHalfMass: 5)
        let declared = InterestSignal(tag: Self.tag, source: .declared, lastSeen: Self.now)
        #expect(weighting.weightedTags([declared], now: Self.now).first?.weight == 1)
        // Five integration signals of weight 1 each: M = 5, so the declared tag counts 5 / 10.
        let others = ["venue:cafe", "activity:hiking", "cuisine:ramen", "music:techno", "culture:film"].map {
            InterestSignal(tag: InterestTag($0)!, source: .appleMaps, lastSeen: Self.now)
        }
        let weights = weighting.weightedTags([declared] + others, now: Self.now)
        let jazz = weights.first { $0.tag == Self.tag }?.weight ?? 0
        #expect(abs(jazz - 0.5) < 1e-6)
    }

    @Test("IDF is ln((N+1)/(df+1)) + 1 and unknown tags weigh 1")
    func idf() {
        let table = IDFTable(documentFrequencies: [Self.tag: 4], documents: 9)
        #expect(abs(table.weight(of: Self.tag) - (log(2.0) + 1)) < 1e-12)
        #expect(table.weight(of: InterestTag("venue:cafe")!) == 1)
    }

    @Test("a dislike and a like of one tag cancel; negative strength survives as a negative weight")
    func dislike() {
        let weighting = InterestWeighting(halfLife: 1e12)
        let like = InterestSignal(tag: Self.tag, source: .favourites, lastSeen: Self.now, strength: 1)
        let dislike = InterestSignal(tag: Self.tag, source: .favourites, lastSeen: Self.now, strength: -1)
        #expect(weighting.weightedTags([like, dislike], now: Self.now).isEmpty)
        #expect((weighting.weightedTags([dislike], now: Self.now).first?.weight ?? 0) < 0)
    }
}
