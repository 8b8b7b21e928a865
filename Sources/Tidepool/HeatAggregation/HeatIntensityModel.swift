import Foundation

/// How released tiles become map intensity for a viewer:
/// `intensity = f(noisy count) · sigmoid(α · cos(viewer, tile) + β)`, capped at ``maxAlpha``,
/// averaged over the live releases with weights halving every ``halfLifeSeconds``.
///
/// A pure function of (releases, viewer vector, viewport, time): no randomness, no raw data,
/// so reads cost no privacy budget and repeating or crafting them learns nothing new.
public struct HeatIntensityModel: Sendable, Equatable, Codable {
    /// Slope of the similarity sigmoid.
    public var alpha: Double
    /// Offset of the similarity sigmoid.
    public var beta: Double
    /// Largest intensity (map alpha) ever returned, in `0...1`.
    public var maxAlpha: Double
    /// Count at which `f` saturates at 1: `f(n) = min(1, ln(1 + n) / ln(1 + saturation))`.
    public var saturationCount: Double
    /// Age at which a release's weight halves, seconds (age counts from its epoch's end).
    public var halfLifeSeconds: Double

    /// The defaults: α = 6, β = −2 (cos 0 → 0.12, cos ⅓ → 0.5, cos 1 → 0.98), cap 0.85,
    /// saturation at 200 people, half-life one 15-minute epoch.
    public static let standard = HeatIntensityModel(
        alpha: 6, beta: -2, maxAlpha: 0.85, saturationCount: 200, halfLifeSeconds: 900)

    /// Creates a model.
    public init(
        alpha: Double, beta: Double, maxAlpha: Double, saturationCount: Double, halfLifeSeconds: Double
    ) {
        self.alpha = alpha
        self.beta = beta
        self.maxAlpha = maxAlpha
        self.saturationCount = saturationCount
        self.halfLifeSeconds = halfLifeSeconds
    }

    /// `f(n)`: the count weight in `0...1`.
    public func countWeight(_ noisyCount: Int) -> Double {
        guard noisyCount > 0 else { return 0 }
        return min(1, log1p(Double(noisyCount)) / log1p(max(1, saturationCount)))
    }

    /// `sigmoid(α · similarity + β)`.
    public func similarityWeight(_ similarity: Double) -> Double {
        1 / (1 + exp(-(alpha * similarity + beta)))
    }

    /// The weight of a release whose epoch ended `age` seconds ago: `2^(−age / half-life)`.
    public func decay(ageSeconds: Double) -> Double {
        halfLifeSeconds > 0 ? exp2(-max(0, ageSeconds) / halfLifeSeconds) : 1
    }
}
