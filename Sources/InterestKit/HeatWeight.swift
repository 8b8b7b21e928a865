import Foundation

/// The heat intensity weight w = sigmoid(α·s + β) of a viewer–tile cosine s.
///
/// α and β come from the model card, fitted offline so that the median cosine of random 8-tag
/// profile pairs maps to 0.3 and the median of hand-written related pairs to 0.9 (see
/// `docs/tidepool.md`). The sigmoid never reaches 0, which is the seed's "minimum floor": a tile
/// of unrelated people stays visible, only fainter.
public struct HeatWeight: Sendable, Hashable {
    /// Slope α.
    public let alpha: Double
    /// Offset β.
    public let beta: Double

    /// Creates the weight function.
    public init(alpha: Double, beta: Double) {
        self.alpha = alpha
        self.beta = beta
    }

    /// sigmoid(α·s + β), in (0, 1); a NaN cosine counts as 0.
    public func callAsFunction(_ cosine: Double) -> Double {
        let s = cosine.isNaN ? 0 : cosine
        return 1 / (1 + exp(-(alpha * s + beta)))
    }
}
