import Foundation
import HeatAggregation
import Testing

@Suite("Discrete Laplace noise and the release threshold")
struct NoisyThresholdTests {
    @Test("τ is the smallest threshold with P(1 + Z ≥ τ) ≤ δ, and never below k_min")
    func thresholdFromEpsilonDelta() throws {
        // Hand computation: p = e^−ε, need p^(τ−1) / (1 + p) ≤ δ.
        // ε = 1, δ = 1e-6: ln(1.36788·1e-6) / −1 = 13.50 → τ − 1 = 14 → τ = 15.
        #expect(try NoisyThreshold(epsilon: 1, delta: 1e-6, kMin: 5).tau == 15)
        // ε = 0.5, δ = 1e-6: ln(1.60653·1e-6) / −0.5 = 26.68 → τ = 28.
        #expect(try NoisyThreshold(epsilon: 0.5, delta: 1e-6, kMin: 5).tau == 28)
        // ε = 5, δ = 1e-2 would allow τ = 2, but k_min = 5 wins.
        #expect(try NoisyThreshold(epsilon: 5, delta: 1e-2, kMin: 5).tau == 5)
    }

    @Test("out-of-range ε, δ and k_min are refused with the parameter's name")
    func refusesBadParameters() {
        #expect(throws: HeatAggregationError.self) { try NoisyThreshold(epsilon: 0, delta: 1e-6, kMin: 5) }
        #expect(throws: HeatAggregationError.self) { try NoisyThreshold(epsilon: .nan, delta: 1e-6, kMin: 5) }
        #expect(throws: HeatAggregationError.self) { try NoisyThreshold(epsilon: 1, delta: 0, kMin: 5) }
        #expect(throws: HeatAggregationError.self) { try NoisyThreshold(epsilon: 1, delta: 1e-6, kMin: 0) }
        do {
            _ = try NoisyThreshold(epsilon: 1, delta: 0.5, kMin: 5)
            Issue.record("δ = 0.5 was accepted")
        } catch {
            #expect(error.description.contains("delta"))
        }
    }

    @Test("discrete Laplace samples match P(Z = z) = (1 − p)/(1 + p) · p^|z|", arguments: [0.5, 1.0, 2.0])
    func discreteLaplaceFrequencies(epsilon: Double) throws {
        let noise = try DiscreteLaplace(epsilon: epsilon)
        var random = SeededSecureRandom(seed: 7)
        let runs = 200_000
        var counts: [Int: Int] = [:]
        var sum = 0
        for _ in 0..<runs {
            let z = noise.sample(using: &random)
            counts[z, default: 0] += 1
            sum += z
        }
        let p = exp(-epsilon)
        for z in -3...3 {
            let expected = (1 - p) / (1 + p) * pow(p, Double(abs(z)))
            let observed = Double(counts[z] ?? 0) / Double(runs)
            let tolerance = 5 * (expected * (1 - expected) / Double(runs)).squareRoot()
            #expect(abs(observed - expected) <= tolerance, "z = \(z): \(observed) vs \(expected)")
        }
        // Symmetric: mean 0 within 5 standard errors (variance 2p / (1 − p)²).
        let sd = (2 * p).squareRoot() / (1 - p)
        #expect(abs(Double(sum) / Double(runs)) < 5 * sd / Double(runs).squareRoot())
    }
}
