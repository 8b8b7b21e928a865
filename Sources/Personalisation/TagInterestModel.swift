import Foundation
import InterestKit
import PlaceKit

/// The interest runtime on InterestKit's model: a profile's tags (canonical `category:slug`
/// tags or anything the canonicaliser reads, such as "jazz" or "kahvila") become
/// normalise(Σ embed(tag)); a place's vector is that of its venue category plus its OSM
/// `cuisine` values; alignment is the model's heat weight sigmoid(α·cos + β).
public struct TagInterestModel: InterestEmbedding {
    /// The loaded artefacts.
    public let model: InterestKit.InterestModel
    private let canonicalizer: Canonicalizer
    /// Place vectors by (category, cuisine): places share few distinct keys.
    private let placeVectors = PlaceVectorCache()

    /// A runtime over `model`.
    public init(_ model: InterestKit.InterestModel) {
        self.model = model
        canonicalizer = Canonicalizer(vocabulary: model.vocabulary)
    }

    /// The runtime over the model shipped with InterestKit.
    /// - Throws: ``InterestModelError`` when the bundled artefacts are missing or corrupt.
    public static func bundled() throws(InterestModelError) -> TagInterestModel {
        TagInterestModel(try InterestKit.InterestModel.bundled())
    }

    /// InterestKit's ``InterestKit/InterestModel/modelVersion``.
    public var version: String { model.modelVersion }

    /// 384 for the bundled model.
    public var dimension: Int { model.dimensions }

    /// The profile vector of `tags` (each weight 1; repeated tags count once).
    /// - Throws: ``PersonalisationError/unknownInterest(index:tag:)`` naming the first tag the
    ///   canonicaliser cannot place in the vocabulary, ``PersonalisationError/model(_:)`` when
    ///   the model refuses the canonical tags.
    public func vector(forTags tags: [String]) async throws(PersonalisationError) -> [Float]? {
        var weighted: [WeightedTag] = []
        var seen = Set<InterestTag>()
        for (index, raw) in tags.enumerated() {
            guard let tag = canonicalizer.canonicalize(raw).tag else {
                throw .unknownInterest(index: index, tag: raw)
            }
            if seen.insert(tag).inserted { weighted.append(WeightedTag(tag)) }
        }
        guard !weighted.isEmpty else { return nil }
        let vector: InterestVector
        do { vector = try model.vector(for: weighted) } catch { throw .model(error) }
        return vector.isEmpty ? nil : vector.components
    }

    /// The vector of `venue:<category>` plus `cuisine:<value>` for each of the place's OSM
    /// cuisines the vocabulary knows; nil when none is known.
    public func vector(for place: Place) -> [Float]? {
        let cuisine = place.tags["cuisine"] ?? ""
        let key = place.category + "|" + cuisine
        if let cached = placeVectors.get(key) { return cached }
        var tags: [WeightedTag] = []
        if let venue = InterestTag(category: "venue", slug: place.category), model.vocabulary.contains(venue)
        {
            tags.append(WeightedTag(venue))
        }
        for value in cuisine.split(separator: ";") {
            if let tag = canonicalizer.canonicalize(String(value), preferring: "cuisine").tag,
                !tags.contains(where: { $0.tag == tag })
            {
                tags.append(WeightedTag(tag))
            }
        }
        var result: [Float]?
        if !tags.isEmpty, let vector = try? model.vector(for: tags), !vector.isEmpty {
            result = vector.components
        }
        placeVectors.set(key, result)
        return result
    }

    /// The model's heat weight of the cosine.
    public func alignment(cosine: Double) -> Double { model.heatWeight(cosine) }
}
