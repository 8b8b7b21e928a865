import Foundation

/// How to reach Google Places (New): the key, the endpoint, the language and the retry policy.
public struct GooglePlacesConfiguration: Sendable {
    /// The environment variable the API key is read from: `GOOGLE_MAPS_API_KEY`.
    public static let apiKeyVariable = "GOOGLE_MAPS_API_KEY"
    /// Google's endpoint for Places API (New).
    public static let defaultBaseURL = URL(string: "https://places.googleapis.com")!

    /// The API key, sent as `X-Goog-Api-Key` (never in the URL, so it stays out of logs).
    public var apiKey: String
    /// Where requests go; tests point it at a loopback stub.
    public var baseURL: URL
    /// BCP-47 language for names and addresses (`"en"`, `"fi"`); nil lets Google choose.
    public var languageCode: String?
    /// Retries on 429, 5xx and network failures.
    public var retry: RetryPolicy
    /// Seconds before one attempt is abandoned.
    public var timeout: TimeInterval

    /// Creates a configuration; an empty key is refused with ``GooglePlacesError/missingAPIKey(variable:)``.
    public init(
        apiKey: String, baseURL: URL = defaultBaseURL, languageCode: String? = nil,
        retry: RetryPolicy = .standard,
        timeout: TimeInterval = 15
    ) throws(GooglePlacesError) {
        guard !apiKey.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .missingAPIKey(variable: Self.apiKeyVariable)
        }
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.languageCode = languageCode
        self.retry = retry
        self.timeout = timeout
    }

    /// Reads the key from ``apiKeyVariable`` in `environment` (the process environment by default).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, baseURL: URL = defaultBaseURL,
        languageCode: String? = nil
    ) throws(GooglePlacesError) -> GooglePlacesConfiguration {
        try GooglePlacesConfiguration(
            apiKey: environment[apiKeyVariable] ?? "", baseURL: baseURL, languageCode: languageCode)
    }
}

/// Bounded exponential backoff with full jitter (as AWS's "Exponential Backoff And Jitter"
/// recommends): before retry `n` (0-based) wait a uniformly random time in
/// `0 … min(maximumDelay, baseDelay × 2ⁿ)`, or the server's `Retry-After` when it asks for
/// longer (still capped at ``maximumDelay``).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included (1 means no retry).
    public var maximumAttempts: Int
    /// The first backoff ceiling, in seconds.
    public var baseDelay: Double
    /// No wait is longer than this, in seconds.
    public var maximumDelay: Double

    /// Four attempts, 0.5 s doubling, at most 8 s per wait.
    public static let standard = RetryPolicy(maximumAttempts: 4, baseDelay: 0.5, maximumDelay: 8)
    /// One attempt only.
    public static let none = RetryPolicy(maximumAttempts: 1, baseDelay: 0, maximumDelay: 0)

    /// Creates a policy; attempts are at least 1 and delays at least 0.
    public init(maximumAttempts: Int, baseDelay: Double, maximumDelay: Double) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
    }

    /// The wait before retry `retry` (0-based), given a uniform `unit` in 0…1 and the server's
    /// `Retry-After` seconds if any.
    public func delay(beforeRetry retry: Int, unit: Double, retryAfter: Double? = nil) -> Double {
        let ceiling = min(maximumDelay, baseDelay * pow(2, Double(min(retry, 30))))
        let jittered = ceiling * min(1, max(0, unit))
        return min(maximumDelay, max(jittered, retryAfter ?? 0))
    }
}
