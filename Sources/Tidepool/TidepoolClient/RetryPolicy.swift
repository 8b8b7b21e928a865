import Foundation

/// How ``TidepoolClient`` retries transient failures: connection errors, 429 (after the
/// server's `Retry-After`), 502, 503 and 504. Refusals (any other 4xx) are never retried.
///
/// The delay before retry n (1-based) is `base · 2^(n−1)` capped at `maxDelay`, scaled by a
/// jitter factor in [0.5, 1.0) from `jitter`; a 429's `Retry-After` replaces it when present,
/// and a `Retry-After` above `maxRetryAfter` is not waited for (the caller gets
/// ``TidepoolClientError/rateLimited(retryAfter:message:)`` at once). The jitter source and the
/// sleep are injected so tests run without waiting.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included (1 = never retry).
    public var maxAttempts: Int
    /// The first backoff delay, seconds.
    public var baseDelay: Double
    /// The largest backoff delay, seconds.
    public var maxDelay: Double
    /// The longest `Retry-After` the client waits for, seconds.
    public var maxRetryAfter: Double
    /// A number in [0, 1) per call.
    public var jitter: @Sendable () -> Double
    /// Waits the given seconds.
    public var sleep: @Sendable (Double) async throws -> Void

    /// Creates a policy; the defaults are 3 attempts, 0.5 s doubling to at most 8 s, `Retry-After`
    /// up to 30 s, the system generator and `Task.sleep`.
    public init(
        maxAttempts: Int = 3, baseDelay: Double = 0.5, maxDelay: Double = 8, maxRetryAfter: Double = 30,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
        self.sleep = sleep
    }

    /// Never retries.
    public static var none: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// The backoff before retry `attempt` (1 for the first retry), jittered.
    func backoff(retry attempt: Int) -> Double {
        let raw = min(maxDelay, baseDelay * pow(2, Double(max(0, attempt - 1))))
        return raw * (0.5 + 0.5 * min(max(jitter(), 0), 1))
    }
}
