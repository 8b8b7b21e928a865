import InterestKit

extension PersonalRanking {
    /// The lowest cosine between a profile tag and a place's vector for the tag to be named as
    /// the reason: below it the match is the model's background similarity, not a shared
    /// interest. 0.45 is the relatedness graph's edge threshold; on the bundled model it keeps
    /// `food:coffee`–cafe (0.495) and `music:jazz`–a bar with `music:genre=jazz` (0.707) and
    /// leaves out `venue:cafe`–pub (0.428), `venue:cafe`–bar (0.310) and `music:jazz`–a plain
    /// bar (−0.002).
    public static let interestReasonFloor = 0.45
    /// The lowest cosine between the viewer and a tile's released interest mix for "busy with
    /// people like you".
    public static let peopleLikeYouFloor = 0.5

    /// Why `result` ranks where it does, from the larger of its two personal parts.
    ///
    /// * Interest: the profile tag t with the largest wₜ · cos(embed(t), place) among the tags
    ///   with positive weight whose cosine reaches ``interestReasonFloor``: the term of
    ///   cos(viewer, place) = Σ wₜ · cos(embed(t), place) / ‖Σ wₜ · embed(t)‖ that contributes
    ///   most (embeddings and place vectors are unit length).
    /// * Heat: the place's tile has released heat and the viewer's cosine to it reaches
    ///   ``peopleLikeYouFloor``.
    ///
    /// When both apply, the one whose share of the score is larger wins (0.25 · interest
    /// against 0.15 · heat). Nil when neither applies.
    ///
    /// - Complexity: O(t · d) for t profile tags of dimension d.
    public static func reason(
        for result: Result, viewerTags: [WeightedTag], model: any InterestEmbedding
    ) -> RankingReason? {
        var interestReason: RankingReason?
        if result.interest > 0, !viewerTags.isEmpty, let place = model.vector(for: result.ranked.place) {
            var best = 0.0
            for item in viewerTags where item.weight > 0 {
                guard let embedding = model.vector(of: item.tag), embedding.count == place.count else {
                    continue
                }
                let similarity = Self.cosine(embedding, place)
                let contribution = item.weight * similarity
                if similarity >= interestReasonFloor, contribution > best, let phrase = model.phrase(of: item.tag)
                {
                    best = contribution
                    interestReason = .interest(tag: item.tag, phrase: phrase)
                }
            }
        }
        let heatReason: RankingReason? =
            result.heat > 0 && result.heatSimilarity >= peopleLikeYouFloor
            ? .peopleLikeYou(similarity: result.heatSimilarity) : nil
        switch (interestReason, heatReason) {
        case (let interest?, let heat?): return 0.15 * result.heat > 0.25 * result.interest ? heat : interest
        case (let interest?, nil): return interest
        case (nil, let heat): return heat
        }
    }
}
