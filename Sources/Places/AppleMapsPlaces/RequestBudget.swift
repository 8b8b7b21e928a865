import Foundation

/// How many requests a throttled service may still get: at most `limit` in any `window` seconds
/// (MapKit's search and completer answer `loadingThrottled` past about 50 a minute).
///
/// A sliding window over the times of admitted requests; the adapter asks ``admit(at:)`` before
/// each call and fails fast (so the model falls back to the offline store) instead of waiting.
public struct RequestBudget: Sendable, Hashable {
    /// Requests allowed per window.
    public let limit: Int
    /// The window in seconds.
    public let window: Double
    private var admitted: [Date] = []

    /// A budget of `limit` requests per `window` seconds (MapKit: 50 per 60).
    public init(limit: Int = 50, window: Double = 60) {
        self.limit = max(1, limit)
        self.window = max(0, window)
    }

    /// Whether a request at `now` fits; if so it is counted.
    /// - Complexity: O(`limit`): times that left the window are dropped first.
    public mutating func admit(at now: Date) -> Bool {
        admitted.removeAll { now.timeIntervalSince($0) >= window }
        guard admitted.count < limit else { return false }
        admitted.append(now)
        return true
    }

    /// Seconds until the next request would fit (0 when one fits now).
    public func wait(at now: Date) -> Double {
        let live = admitted.filter { now.timeIntervalSince($0) < window }
        guard live.count >= limit, let oldest = live.first else { return 0 }
        return max(0, window - now.timeIntervalSince(oldest))
    }
}
