import Foundation

/// Turning a zCDP guarantee into an (ε, δ)-DP statement.
///
/// Canonne, Kamath & Steinke 2020 (arXiv 2004.00010, Corollary 13): a ρ-zCDP mechanism is
/// (ε, δ)-DP for every α > 1 with
/// `δ = exp((α − 1)(αρ − ε)) / (α − 1) · (1 − 1/α)^α`, i.e.
/// `ε(α) = αρ + (ln(1/δ) + (α − 1) ln(1 − 1/α) − ln α) / (α − 1)`.
/// Every α gives a valid ε, so the smallest value found by a search over α is a valid (not an
/// approximated) bound. It is never larger than the classic `ρ + 2√(ρ ln(1/δ))`
/// (Bun & Steinke 2016, Proposition 1.3), which ``classicEpsilon(rho:delta:)`` keeps for comparison.
public enum ZeroConcentratedConversion {
    /// ε of a ρ-zCDP mechanism at δ by CKS Corollary 13: the smallest `ε(α)` over a geometric
    /// grid of α in (1, 10⁶] (ratio 1.002), refined by golden-section search around the best
    /// grid point. ρ = 0 gives 0.
    /// - Precondition: ρ ≥ 0 and δ in (0, 1).
    public static func epsilon(rho: Double, delta: Double) -> Double {
        guard rho > 0 else { return 0 }
        var best = classicEpsilon(rho: rho, delta: delta)
        var bestAlpha = 0.0
        var alpha = 1.002
        while alpha < 1e6 {
            let value = epsilon(rho: rho, delta: delta, alpha: alpha)
            if value < best {
                best = value
                bestAlpha = alpha
            }
            alpha *= 1.002
        }
        guard bestAlpha > 0 else { return best }
        var low = bestAlpha / 1.002
        var high = bestAlpha * 1.002
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<60 {
            let a = high - ratio * (high - low)
            let b = low + ratio * (high - low)
            if epsilon(rho: rho, delta: delta, alpha: a) < epsilon(rho: rho, delta: delta, alpha: b) {
                high = b
            } else {
                low = a
            }
        }
        return min(best, epsilon(rho: rho, delta: delta, alpha: (low + high) / 2))
    }

    /// `ε(α)` of CKS Corollary 13 for one α > 1.
    public static func epsilon(rho: Double, delta: Double, alpha: Double) -> Double {
        alpha * rho + (log(1 / delta) + (alpha - 1) * log1p(-1 / alpha) - log(alpha)) / (alpha - 1)
    }

    /// The classic conversion `ρ + 2√(ρ · ln(1/δ))` (Bun & Steinke 2016, Proposition 1.3).
    public static func classicEpsilon(rho: Double, delta: Double) -> Double {
        rho + 2 * (rho * log(1 / delta)).squareRoot()
    }

    /// The largest ρ whose ``epsilon(rho:delta:)`` is at most `epsilon` (bisection to 10⁻⁹
    /// relative, rounded down so the bound holds).
    public static func rho(forEpsilon epsilon: Double, delta: Double) -> Double {
        var low = 0.0
        var high = max(1.0, epsilon)
        while Self.epsilon(rho: high, delta: delta) <= epsilon { high *= 2 }
        while high - low > 1e-9 * high {
            let middle = (low + high) / 2
            if Self.epsilon(rho: middle, delta: delta) <= epsilon { low = middle } else { high = middle }
        }
        return low
    }
}
