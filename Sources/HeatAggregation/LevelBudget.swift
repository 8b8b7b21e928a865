/// The privacy parameters of one grid level in one epoch: the count mechanism (ε_c, δ_c) and
/// the interest-vector mechanism (ε_v, δ_v). A person counts once per level.
public struct LevelBudget: Sendable, Equatable, Codable {
    /// ε of the noisy count and partition selection.
    public var countEpsilon: Double
    /// δ of the partition selection (chance a single-contributor tile is released).
    public var countDelta: Double
    /// ε of the noisy interest vector.
    public var vectorEpsilon: Double
    /// δ of the noisy interest vector.
    public var vectorDelta: Double

    /// Creates a level budget.
    public init(countEpsilon: Double, countDelta: Double, vectorEpsilon: Double, vectorDelta: Double) {
        self.countEpsilon = countEpsilon
        self.countDelta = countDelta
        self.vectorEpsilon = vectorEpsilon
        self.vectorDelta = vectorDelta
    }
}

/// How a per-epoch (ε, δ) is split over the levels and the two mechanisms.
extension LevelBudget {
    /// Splits `epsilon` and `delta` per epoch over `levels` levels and the two mechanisms.
    ///
    /// Counts get half of ε and vectors the other half; within each half the base level gets
    /// ½ and the parent levels share the other ½ equally (¼ each with three levels). δ is
    /// split equally over the `2 · levels` mechanisms. At ε = 4, δ = 6·10⁻⁶ with three levels
    /// this gives ε_c = 1, δ_c = 10⁻⁶ at the base level (τ = 15 with k_min = 5) and ε_c = ½
    /// at the parents. Basic composition: the parts add up to exactly (ε, δ).
    public static func split(epsilon: Double, delta: Double, levels: Int) -> [LevelBudget] {
        guard levels > 0 else { return [] }
        let shares: [Double] =
            levels == 1 ? [1] : [0.5] + Array(repeating: 0.5 / Double(levels - 1), count: levels - 1)
        let mechanismDelta = delta / Double(2 * levels)
        return shares.map { share in
            LevelBudget(
                countEpsilon: epsilon / 2 * share, countDelta: mechanismDelta,
                vectorEpsilon: epsilon / 2 * share, vectorDelta: mechanismDelta)
        }
    }
}
