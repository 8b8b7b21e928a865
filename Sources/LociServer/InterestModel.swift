import PlaceKit

/// Turns interest tags and places into interest vectors. ``TagInterestModel`` runs it on
/// InterestKit's bundled model (what `loci serve` uses); ``NoInterestModel`` embeds nothing
/// (the server then keeps vectors sent directly and ranks by heat and proximity only).
public protocol InterestModel: Sendable {
    /// Identifies the model (answered as `model_version`).
    var version: String { get }
    /// Length of the vectors it makes.
    var dimension: Int { get }
    /// The vector for a set of interest tags, or nil when the model cannot embed them.
    /// - Throws: ``APIError`` (400 `unknown_interest`) naming a tag the model does not know.
    func vector(forTags tags: [String]) async throws -> [Float]?
    /// The vector of a place (from its category and tags), or nil.
    func vector(for place: Place) -> [Float]?
    /// How much a place with this cosine to the viewer counts, 0…1 (the heat weight).
    func alignment(cosine: Double) -> Double
}

extension InterestModel {
    /// The cosine mapped linearly to 0…1.
    public func alignment(cosine: Double) -> Double { (max(-1, min(1, cosine)) + 1) / 2 }
}

/// The model used when no interest runtime is wanted: it embeds nothing.
public struct NoInterestModel: InterestModel {
    /// `"none"`.
    public var version: String { "none" }
    /// 0.
    public var dimension: Int { 0 }
    /// Creates the model.
    public init() {}
    /// Always nil.
    public func vector(forTags tags: [String]) async throws -> [Float]? { nil }
    /// Always nil.
    public func vector(for place: Place) -> [Float]? { nil }
}
