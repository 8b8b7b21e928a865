import PlaceKit

/// Turns interest tags and places into interest vectors. The interest runtime (issue 7)
/// implements it; until it is connected the server runs with ``NoInterestModel``, accepts
/// vectors sent directly, and personalised search falls back to heat and proximity.
public protocol InterestModel: Sendable {
    /// Identifies the model (answered as `model_version`).
    var version: String { get }
    /// Length of the vectors it makes.
    var dimension: Int { get }
    /// The vector for a set of interest tags, or nil when the model cannot embed them.
    func vector(forTags tags: [String]) async throws -> [Float]?
    /// The vector of a place (from its category and tags), or nil.
    func vector(for place: Place) -> [Float]?
}

/// The model used until the interest runtime is connected: it embeds nothing.
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
