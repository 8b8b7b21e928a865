import Foundation
import InterestKit
import PlaceKit

/// The interest runtime on InterestKit's model: a profile's tags (canonical `category:slug`
/// tags or anything the canonicaliser reads, such as "jazz" or "kahvila") become
/// normalise(Σ embed(tag)); a place's vector is that of its venue category plus its OSM
/// `cuisine` and music genre values; alignment is the model's heat weight sigmoid(α·cos + β).
public struct TagInterestModel: InterestEmbedding {
    /// The loaded artefacts.
    public let model: InterestKit.InterestModel
    private let canonical: Canonicalizer
    /// Place vectors by (category, cuisine): places share few distinct keys.
    private let placeVectors = PlaceVectorCache()

    /// A runtime over `model`.
    public init(_ model: InterestKit.InterestModel) {
        self.model = model
        canonical = Canonicalizer(vocabulary: model.vocabulary)
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
            guard let tag = canonical.canonicalize(raw).tag else {
                throw .unknownInterest(index: index, tag: raw)
            }
            if seen.insert(tag).inserted { weighted.append(WeightedTag(tag)) }
        }
        guard !weighted.isEmpty else { return nil }
        let vector: InterestVector
        do { vector = try model.vector(for: weighted) } catch { throw .model(error) }
        return vector.isEmpty ? nil : vector.components
    }

    /// The canonicaliser of the model's vocabulary.
    public var canonicalizer: Canonicalizer? { canonical }

    /// OSM keys whose `;`-separated values name a place's music (`music:genre=jazz;blues`).
    public static let musicKeys = ["music:genre", "music"]

    /// The vector of the place's ``interestTags(of:)``; nil when none is known.
    public func vector(for place: Place) -> [Float]? {
        let key = Self.cacheKey(place)
        if let cached = placeVectors.get(key) { return cached }
        var result: [Float]?
        let tags = interestTags(of: place).map { WeightedTag($0) }
        if !tags.isEmpty, let vector = try? model.vector(for: tags), !vector.isEmpty {
            result = vector.components
        }
        placeVectors.set(key, result)
        return result
    }

    /// `venue:<category>` when the vocabulary has it, then `cuisine:` tags for the place's OSM
    /// `cuisine` values and `music:` tags for its ``musicKeys`` values the canonicaliser knows,
    /// each once.
    public func interestTags(of place: Place) -> [InterestTag] {
        var tags: [InterestTag] = []
        if let venue = InterestTag(category: "venue", slug: place.category), model.vocabulary.contains(venue)
        {
            tags.append(venue)
        }
        let values =
            (place.tags["cuisine"] ?? "").split(separator: ";").map { (String($0), "cuisine") }
            + Self.musicKeys.flatMap { key in
                (place.tags[key] ?? "").split(separator: ";").map { (String($0), "music") }
            }
        for (value, category) in values {
            let text = value.trimmingCharacters(in: .whitespaces)
            if let tag = canonical.canonicalize(text, preferring: category).tag, tag.category == category,
                !tags.contains(tag)
            {
                tags.append(tag)
            }
        }
        return tags
    }

    /// The vector of weighted tags.
    /// - Throws: ``PersonalisationError/model(_:)`` for a tag outside the vocabulary or a
    ///   weight that is not finite.
    public func vector(forWeighted tags: [WeightedTag]) throws(PersonalisationError) -> [Float]? {
        guard !tags.isEmpty else { return nil }
        let vector: InterestVector
        do { vector = try model.vector(for: tags) } catch { throw .model(error) }
        return vector.isEmpty || vector.components.allSatisfy({ $0 == 0 }) ? nil : vector.components
    }

    /// The tag's row of the embedding matrix.
    public func vector(of tag: InterestTag) -> [Float]? { model.embedding(of: tag)?.components }

    /// The vocabulary's phrase for the tag.
    public func phrase(of tag: InterestTag) -> String? {
        model.vocabulary.index(of: tag).map { model.vocabulary.phrases[$0] }
    }

    /// Places share few distinct (category, cuisine, music) keys.
    private static func cacheKey(_ place: Place) -> String {
        ([place.category, place.tags["cuisine"] ?? ""] + musicKeys.map { place.tags[$0] ?? "" }).joined(
            separator: "|")
    }

    /// The model's heat weight of the cosine.
    public func alignment(cosine: Double) -> Double { model.heatWeight(cosine) }
}
