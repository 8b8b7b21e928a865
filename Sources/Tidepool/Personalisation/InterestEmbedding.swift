import InterestKit
import PlaceKit

/// Turns interest tags and places into interest vectors, for personalised ranking.
/// ``TagInterestModel`` runs it on InterestKit's bundled model (what `loci serve` uses);
/// ``NoInterestModel`` embeds nothing (the server then keeps vectors sent directly and ranks by
/// heat and proximity only).
///
/// The members after ``alignment(cosine:)`` are what learning a profile from signals and
/// explaining a ranking need; their defaults say "this model cannot", so a model without a
/// vocabulary embeds tag lists only and explains nothing.
public protocol InterestEmbedding: Sendable {
    /// Identifies the model (answered as `model_version`).
    var version: String { get }
    /// Length of the vectors it makes.
    var dimension: Int { get }
    /// The vector for a set of interest tags, or nil when the model cannot embed them.
    /// - Throws: ``PersonalisationError/unknownInterest(index:tag:)`` naming a tag the model
    ///   does not know, or ``PersonalisationError/model(_:)`` when the model fails.
    func vector(forTags tags: [String]) async throws(PersonalisationError) -> [Float]?
    /// The vector of a place (from its category and tags), or nil.
    func vector(for place: Place) -> [Float]?
    /// How much a place with this cosine to the viewer counts, 0…1 (the heat weight).
    func alignment(cosine: Double) -> Double

    /// The canonicaliser of the model's vocabulary, nil when the model has none (then profiles
    /// are embedded from their tag list only, and favourites do not feed them).
    var canonicalizer: Canonicalizer? { get }
    /// The vector of weighted tags, normalise(Σ wᵢ · embed(tagᵢ)); nil when the model has no
    /// vocabulary or the weights cancel.
    /// - Throws: ``PersonalisationError/model(_:)`` for a tag outside the vocabulary or a
    ///   weight that is not finite.
    func vector(forWeighted tags: [WeightedTag]) throws(PersonalisationError) -> [Float]?
    /// The embedding of one tag, nil outside the vocabulary.
    func vector(of tag: InterestTag) -> [Float]?
    /// The tags a place's vector is made of (its venue category, cuisines, music genres).
    func interestTags(of place: Place) -> [InterestTag]
    /// The words a tag was embedded from (`music:jazz` → "jazz music"), nil when unknown.
    func phrase(of tag: InterestTag) -> String?
}

extension InterestEmbedding {
    /// The cosine mapped linearly to 0…1.
    public func alignment(cosine: Double) -> Double { (max(-1, min(1, cosine)) + 1) / 2 }
    /// None.
    public var canonicalizer: Canonicalizer? { nil }
    /// Nil: the model cannot weight tags.
    public func vector(forWeighted tags: [WeightedTag]) throws(PersonalisationError) -> [Float]? { nil }
    /// Nil.
    public func vector(of tag: InterestTag) -> [Float]? { nil }
    /// None.
    public func interestTags(of place: Place) -> [InterestTag] { [] }
    /// Nil.
    public func phrase(of tag: InterestTag) -> String? { nil }
}
