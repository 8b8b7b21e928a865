extension RandomNumberGenerator {
    /// A uniform `Double` in (0, 1] from the top 53 bits of one draw, `(k + 0.5) / 2⁵³`: never 0,
    /// so `log` of it is finite (Box–Muller normals). The largest `k` rounds to exactly 1.
    public mutating func nextPositiveUnitInterval() -> Double {
        (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992
    }
}
