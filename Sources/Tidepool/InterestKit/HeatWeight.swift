import Foundation

/// The heat intensity weight w = sigmoid(α·s + β) of a viewer–tile cosine s.
///
/// α and β come from the model card, fitted offline so that the median cosine of random 8-tag
/// profile pairs maps to 0.3 and the median of hand-written related pairs to 0.9 (see
/// `docs/tidepool.md`). The seed's "minimum floor" is applied on top: w = max(floor,
/// sigmoid(α·s + β)), floor 0.05 by default, so a busy tile of people with other interests stays
/// faintly visible.
public struct HeatWeight: Sendable, Hashable {
    /// Slope α.
    public let alpha: Double
    /// Offset β.
    public let beta: Double
    /// The smallest weight returned, 0…1.
    public let floor: Double

    /// Creates the weight function.
    public init(alpha: Double, beta: Double, floor: Double = 0.05) {
        self.alpha = alpha
        self.beta = beta
        self.floor = min(1, max(0, floor))
    }

    /// max(floor, sigmoid(α·s + β)), in [floor, 1); a NaN cosine counts as 0.
    public func callAsFunction(_ cosine: Double) -> Double {
        let s = cosine.isNaN ? 0 : cosine
        return max(floor, 1 / (1 + exp(-(alpha * s + beta))))
    }
}
