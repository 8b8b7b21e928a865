import Synchronization

/// Token buckets per key (a client address or an access-token hash): `rate` requests per
/// second with bursts of `burst`. Idle buckets are dropped once full again.
///
/// Thread-safe: one `Mutex` guards the buckets; ``take(_:now:)`` holds it for a dictionary
/// update (and once a minute for a sweep), never across a suspension.
public final class RateLimiter: Sendable {
    /// Refill per second.
    public let rate: Double
    /// Bucket size.
    public let burst: Double
    private struct Buckets {
        var byKey: [String: (tokens: Double, at: Double)] = [:]
        var lastSweep = 0.0
    }
    private let state = Mutex(Buckets())

    /// Creates a limiter.
    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes one token for `key` at time `now` (seconds); nil when allowed, else the whole
    /// seconds to wait (for `Retry-After`).
    public func take(_ key: String, now: Double) -> Int? {
        let (rate, burst) = (self.rate, self.burst)
        return state.withLock { state -> Int? in
            if now - state.lastSweep > 60 {
                state.byKey = state.byKey.filter { now - $0.value.at < burst / rate }
                state.lastSweep = now
            }
            var bucket = state.byKey[key] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
            bucket.at = now
            guard bucket.tokens >= 1 else {
                state.byKey[key] = bucket
                return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
            }
            bucket.tokens -= 1
            state.byKey[key] = bucket
            return nil
        }
    }
}
