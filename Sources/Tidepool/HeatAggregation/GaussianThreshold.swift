import Foundation

/// DP partition selection on one grid level with discrete Gaussian noise: a tile's count of
/// distinct contributors gets `Z ~` ``DiscreteGaussian`` and the tile is released only when the
/// noisy count reaches ``tau``.
///
/// The release condition and the released value use the same noisy count, so the output is
/// post-processing of `n + Z`. Each person adds to at most one tile per level per epoch, so for
/// a tile present in both neighbouring datasets the output is ρ-zCDP (ρ = ``noise``'s
/// `1/(2σ²)`), and a tile whose only contributor is removed is released with probability
/// `P(1 + Z ≥ τ) ≤ δ`: together (δ, ρ)-approximate zCDP (Bun & Steinke 2016, Definition 8.1;
/// the construction of Google's differential-privacy library, Wilson et al., PoPETs 2020).
/// Tiles with no contributor are never considered.
///
/// Never gate on the raw count (the seed's "k-anonymity then noise"). ``kMin`` only raises τ.
public struct GaussianThreshold: Sendable, Equatable {
    /// The count noise.
    public let noise: DiscreteGaussian
    /// The δ the threshold was chosen for.
    public let delta: Double
    /// The smallest public count ever shown; τ is at least this.
    public let kMin: Int
    /// The release threshold on the noisy count.
    public let tau: Int
    /// The exact probability that a tile with one contributor is released, `P(Z ≥ τ − 1)`
    /// (at most ``delta``; this is the δ the accounting uses); 0 over a public domain, where
    /// whether a tile shows is post-processing and costs no δ.
    public let singleContributorRelease: Double
    /// Base tiles of the public domain every tile of which gets noise (0: partition selection
    /// over the tiles that have reports).
    public let publicDomainSize: Int
    /// Over a public domain: the expected number of tiles with nobody in them that show in one
    /// release, `publicDomainSize · P(Z ≥ τ)` (0 for partition selection).
    public let expectedNoiseOnlyTiles: Double

    /// Creates the mechanism, choosing ``tau`` as the smallest integer with `P(Z ≥ τ − 1) ≤ δ`
    /// (the discrete Gaussian's exact tail, ``DiscreteGaussian/upperTail(_:)``) and `τ ≥ kMin`.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for δ outside
    ///   `(0, 0.1]`, `kMin` outside `1...1000000`, or the errors of ``DiscreteGaussian``.
    public init(noise: DiscreteGaussian, delta: Double, kMin: Int) throws(HeatAggregationError) {
        guard delta.isFinite, delta > 0, delta <= 0.1 else {
            throw .invalidParameter(name: "delta", value: delta, reason: "must be in (0, 0.1]")
        }
        guard kMin >= 1, kMin <= 1_000_000 else {
            throw .invalidParameter(name: "kMin", value: Double(kMin), reason: "must be in 1...1000000")
        }
        self.noise = noise
        self.delta = delta
        self.kMin = kMin
        var k = 1
        while noise.upperTail(k) > delta { k += 1 }
        tau = max(kMin, k + 1)
        singleContributorRelease = noise.upperTail(tau - 1)
        publicDomainSize = 0
        expectedNoiseOnlyTiles = 0
    }

    /// The public-domain mechanism: every tile of a public domain of `domainSize` base tiles
    /// (the service area's tiles, known before any report) gets `n + Z`, so the released vector
    /// is ρ-zCDP with no δ; showing only tiles whose noisy count reaches ``tau`` is
    /// post-processing. τ is the smallest integer `≥ kMin` with `domainSize · P(Z ≥ τ) ≤
    /// expectedNoiseOnlyTiles`: an empty tile shows about that often per release, whatever
    /// the data.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` for a domain
    ///   outside `1...100000000`, an expected count outside `(0, 100]` or `kMin` outside
    ///   `1...1000000`.
    public init(
        noise: DiscreteGaussian, publicDomainSize domainSize: Int, expectedNoiseOnlyTiles expected: Double, kMin: Int
    ) throws(HeatAggregationError) {
        guard domainSize >= 1, domainSize <= 100_000_000 else {
            throw .invalidParameter(
                name: "publicDomainSize", value: Double(domainSize), reason: "must be in 1...100000000")
        }
        guard expected.isFinite, expected > 0, expected <= 100 else {
            throw .invalidParameter(name: "expectedNoiseOnlyTiles", value: expected, reason: "must be in (0, 100]")
        }
        guard kMin >= 1, kMin <= 1_000_000 else {
            throw .invalidParameter(name: "kMin", value: Double(kMin), reason: "must be in 1...1000000")
        }
        self.noise = noise
        delta = 0
        self.kMin = kMin
        var t = max(1, kMin)
        while Double(domainSize) * noise.upperTail(t) > expected { t += 1 }
        tau = t
        singleContributorRelease = 0
        publicDomainSize = domainSize
        expectedNoiseOnlyTiles = Double(domainSize) * noise.upperTail(t)
    }

    /// The released noisy count for a tile with `count` contributors (`≥ 1`, or `≥ 0` over a
    /// public domain), or nil when the noisy count stays below τ.
    /// - Complexity: O(1) expected.
    public func release(count: Int, using random: inout some SecureRandom) -> Int? {
        let noisy = count + noise.sample(using: &random)
        return noisy >= tau ? noisy : nil
    }
}
