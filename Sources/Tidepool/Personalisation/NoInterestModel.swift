import PlaceKit

/// The model used when no interest runtime is wanted: it embeds nothing.
public struct NoInterestModel: InterestEmbedding {
    /// `"none"`.
    public var version: String { "none" }
    /// 0.
    public var dimension: Int { 0 }
    /// Creates the model.
    public init() {}
    /// Always nil.
    public func vector(forTags tags: [String]) async throws(PersonalisationError) -> [Float]? { nil }
    /// Always nil.
    public func vector(for place: Place) -> [Float]? { nil }
}
