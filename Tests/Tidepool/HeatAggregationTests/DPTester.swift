import Foundation

/// A stochastic differential-privacy tester in the manner of Wilson et al. (PoPETs 2020, §5.3)
/// and Google's differential-privacy library: run a mechanism many times on two neighbouring
/// datasets, histogram the outputs, and check `P_D(S) ≤ e^ε · P_D′(S) + δ` (both directions)
/// for every output bucket `S`, allowing for sampling error.
///
/// An output is `nil` (not released) or the released integer. The tolerance is four standard
/// errors of each estimate plus one sample's worth of mass, so a correct mechanism passes and
/// a broken one (whose violation exceeds a few standard errors) fails; with seeded randomness
/// the verdict is reproducible.
struct DPTester {
    var epsilon: Double
    var delta: Double

    struct Violation: CustomStringConvertible {
        var bucket: String
        var larger: Double
        var smaller: Double
        var slack: Double
        var description: String {
            "bucket \(bucket): \(larger) > e^ε · \(smaller) + δ + \(slack)"
        }
    }

    /// Histogram of outputs.
    static func histogram(_ samples: [Int?]) -> [Int?: Int] {
        var counts: [Int?: Int] = [:]
        for sample in samples { counts[sample, default: 0] += 1 }
        return counts
    }

    /// Every bucket where the inequality fails in either direction.
    func violations(_ first: [Int?], _ second: [Int?]) -> [Violation] {
        let a = Self.histogram(first)
        let b = Self.histogram(second)
        let na = Double(first.count)
        let nb = Double(second.count)
        var result: [Violation] = []
        var buckets = Set(a.keys).union(b.keys).map { $0 }
        // Also test the union of all released outputs, where one-sided mass concentrates.
        buckets.sort { ($0 ?? Int.min) < ($1 ?? Int.min) }
        func check(_ name: String, _ pa: Double, _ pb: Double) {
            let ea = 4 * (pa * (1 - pa) / na).squareRoot() + 1 / na
            let eb = 4 * (pb * (1 - pb) / nb).squareRoot() + 1 / nb
            let factor = exp(epsilon)
            if pa > factor * pb + delta + ea + factor * eb {
                result.append(Violation(bucket: name, larger: pa, smaller: pb, slack: ea + factor * eb))
            }
            if pb > factor * pa + delta + eb + factor * ea {
                result.append(Violation(bucket: name, larger: pb, smaller: pa, slack: eb + factor * ea))
            }
        }
        for bucket in buckets {
            check(
                bucket.map(String.init) ?? "not released", Double(a[bucket] ?? 0) / na,
                Double(b[bucket] ?? 0) / nb)
        }
        let releasedA = Double(first.count - (a[nil] ?? 0)) / na
        let releasedB = Double(second.count - (b[nil] ?? 0)) / nb
        check("released (any value)", releasedA, releasedB)
        return result
    }
}
