import Foundation

/// Token buckets per key (a client address or an access-token hash): `rate` requests per
/// second with bursts of `burst`. Idle buckets are dropped once full again.
public final class RateLimiter: @unchecked Sendable {
    /// Refill per second.
    public let rate: Double
    /// Bucket size.
    public let burst: Double
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, at: Double)] = [:]
    private var lastSweep = 0.0

    /// Creates a limiter.
    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes one token for `key` at time `now` (seconds); nil when allowed, else the whole
    /// seconds to wait (for `Retry-After`).
    public func take(_ key: String, now: Double) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if now - lastSweep > 60 {
            buckets = buckets.filter { now - $0.value.at < burst / rate }
            lastSweep = now
        }
        var bucket = buckets[key] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        guard bucket.tokens >= 1 else {
            buckets[key] = bucket
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
        bucket.tokens -= 1
        buckets[key] = bucket
        return nil
    }
}
