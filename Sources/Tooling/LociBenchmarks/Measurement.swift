import Foundation

/// Summary statistics of a timed workload, in nanoseconds per operation.
public struct TimingStatistics: Sendable, Codable, Hashable {
    /// Median nanoseconds per operation.
    public var medianNanoseconds: Double
    /// 10th percentile.
    public var p10Nanoseconds: Double
    /// 90th percentile.
    public var p90Nanoseconds: Double
    /// 95th percentile.
    public var p95Nanoseconds: Double
    /// How many samples the statistics summarise.
    public var samples: Int

    /// Operations per second implied by the median.
    public var operationsPerSecond: Double { medianNanoseconds > 0 ? 1e9 / medianNanoseconds : .infinity }

    /// Summarises raw per-operation samples (nanoseconds). Empty input gives zeros.
    public init(samples values: [Double]) {
        let sorted = values.sorted()
        func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let position = q * Double(sorted.count - 1)
            let low = Int(position.rounded(.down))
            let high = min(low + 1, sorted.count - 1)
            let fraction = position - Double(low)
            return sorted[low] * (1 - fraction) + sorted[high] * fraction
        }
        medianNanoseconds = quantile(0.5)
        p10Nanoseconds = quantile(0.1)
        p90Nanoseconds = quantile(0.9)
        p95Nanoseconds = quantile(0.95)
        samples = sorted.count
    }
}

/// Keeps a value alive so the optimiser cannot delete the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanosecond timing helpers on the monotonic clock.
public enum Stopwatch {
    /// Nanoseconds elapsed while running `body` once.
    @inline(__always)
    public static func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return nanoseconds(in: clock.now - start)
    }

    /// A duration in nanoseconds, as a `Double`.
    public static func nanoseconds(in duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// Times a batch workload: runs `body(i)` for `i` in `0..<operations`, `rounds` times,
    /// and summarises nanoseconds per operation across the rounds. One warm-up round first.
    public static func batch(
        operations: Int, rounds: Int, _ body: (Int) -> Void
    ) -> TimingStatistics {
        for i in 0..<operations { body(i) }
        var perOperation: [Double] = []
        perOperation.reserveCapacity(rounds)
        for _ in 0..<rounds {
            let total = nanoseconds { for i in 0..<operations { body(i) } }
            perOperation.append(total / Double(operations))
        }
        return TimingStatistics(samples: perOperation)
    }

    /// Times each call of a query workload separately (for medians of individual queries).
    public static func perCall(calls: Int, _ body: (Int) -> Void) -> TimingStatistics {
        for i in 0..<min(calls, 1_000) { body(i) }
        var samples = [Double](repeating: 0, count: calls)
        for i in 0..<calls {
            samples[i] = nanoseconds { body(i) }
        }
        return TimingStatistics(samples: samples)
    }
}
