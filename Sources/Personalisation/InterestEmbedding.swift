import PlaceKit

/// Turns interest tags and places into interest vectors, for personalised ranking.
/// ``TagInterestModel`` runs it on InterestKit's bundled model (what `loci serve` uses);
/// ``NoInterestModel`` embeds nothing (the server then keeps vectors sent directly and ranks by
/// heat and proximity only).
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
}

extension InterestEmbedding {
    /// The cosine mapped linearly to 0…1.
    public func alignment(cosine: Double) -> Double { (max(-1, min(1, cosine)) + 1) / 2 }
}
