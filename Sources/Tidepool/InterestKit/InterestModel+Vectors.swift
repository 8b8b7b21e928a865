import Foundation

extension InterestModel {
    /// The user vector normalise(Σ wᵢ · embed(tagᵢ)); all zeros when the weights cancel or the
    /// list is empty (no interests known: cold start with nothing declared).
    ///
    /// - Throws: ``InterestModelError/unknownTag(_:)`` for a tag outside the vocabulary,
    ///   ``InterestModelError/invalidWeight(tag:weight:)`` for a NaN or infinite weight.
    /// - Complexity: O(tags × dimensions).
    public func vector(for tags: [WeightedTag]) throws(InterestModelError) -> InterestVector {
        var rows: [Int] = []
        var weights: [Float] = []
        rows.reserveCapacity(tags.count)
        weights.reserveCapacity(tags.count)
        for item in tags {
            guard let row = vocabulary.index(of: item.tag) else { throw .unknownTag(item.tag.rawValue) }
            guard item.weight.isFinite else {
                throw .invalidWeight(tag: item.tag.rawValue, weight: item.weight)
            }
            rows.append(row)
            weights.append(Float(item.weight))
        }
        return InterestVector.normalised(embeddings.weightedSum(rows: rows, weights: weights))
    }

    /// The user vector of `signals` weighted by `weighting` as of `now`.
    public func vector(
        for signals: [InterestSignal], weighting: InterestWeighting = InterestWeighting(), now: Date
    ) throws(InterestModelError) -> InterestVector {
        try vector(for: weighting.weightedTags(signals, now: now))
    }

    /// The cosine of two profiles' vectors and the heat weight it gives.
    public func similarity(_ a: [WeightedTag], _ b: [WeightedTag]) throws(InterestModelError) -> (
        cosine: Double, heatWeight: Double
    ) {
        let cosine = try vector(for: a).cosine(try vector(for: b))
        return (cosine, heatWeight(cosine))
    }

    /// The embedding of one tag as a vector (nil outside the vocabulary).
    public func embedding(of tag: InterestTag) -> InterestVector? {
        guard let row = vocabulary.index(of: tag) else { return nil }
        let start = row * embeddings.dimensions
        return InterestVector(components: Array(embeddings.values[start..<start + embeddings.dimensions]))
    }
}
