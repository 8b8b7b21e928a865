/// Why a Google Places call failed. Each case says what went wrong and on which call.
public enum GooglePlacesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No API key was configured (the environment variable named in the message is unset or empty).
    case missingAPIKey(variable: String)
    /// The key was refused (HTTP 403 `PERMISSION_DENIED`, or 401): wrong key, API not enabled,
    /// or a referrer/IP restriction.
    case badAPIKey(call: String, message: String)
    /// The quota or rate limit is used up (HTTP 429 `RESOURCE_EXHAUSTED`), after the retries.
    case quotaExceeded(call: String, message: String)
    /// Google rejected the request (HTTP 400 `INVALID_ARGUMENT`, `FAILED_PRECONDITION`, …).
    case invalidRequest(call: String, status: String, message: String)
    /// The place or photo does not exist (HTTP 404 `NOT_FOUND`).
    case notFound(call: String, message: String)
    /// Google failed (HTTP 5xx) on every attempt.
    case serverError(call: String, httpStatus: Int, message: String)
    /// Any other HTTP status.
    case unexpectedStatus(call: String, httpStatus: Int, message: String)
    /// The request never got an HTTP answer (DNS, refused connection, timeout), after the retries.
    case network(call: String, message: String)
    /// The body did not have the expected shape; `path` is the JSON path of the offending value
    /// (`places[3].location.latitude`), empty when the body is not JSON at all.
    case undecodableBody(call: String, path: String, message: String)
    /// The answer was well-formed JSON but not usable (a place without an id or a position).
    case invalidPlace(call: String, path: String, reason: String)
    /// The caller passed something the API cannot express (an empty query, a bad radius).
    case invalidArgument(call: String, reason: String)

    /// One line for logs and the CLI.
    public var description: String {
        switch self {
        case .missingAPIKey(let variable):
            "Google Places: no API key; set \(variable) (a key with Places API (New) enabled)"
        case .badAPIKey(let call, let message): "Google Places \(call): API key refused: \(message)"
        case .quotaExceeded(let call, let message): "Google Places \(call): quota exceeded: \(message)"
        case .invalidRequest(let call, let status, let message):
            "Google Places \(call): invalid request (\(status)): \(message)"
        case .notFound(let call, let message): "Google Places \(call): not found: \(message)"
        case .serverError(let call, let status, let message):
            "Google Places \(call): server error HTTP \(status): \(message)"
        case .unexpectedStatus(let call, let status, let message):
            "Google Places \(call): unexpected HTTP \(status): \(message)"
        case .network(let call, let message): "Google Places \(call): network error: \(message)"
        case .undecodableBody(let call, let path, let message):
            "Google Places \(call): undecodable response at \(path.isEmpty ? "(root)" : path): \(message)"
        case .invalidPlace(let call, let path, let reason):
            "Google Places \(call): unusable place at \(path): \(reason)"
        case .invalidArgument(let call, let reason): "Google Places \(call): \(reason)"
        }
    }

    /// Whether a later attempt may succeed (quota, server and network errors).
    var isRetryable: Bool {
        switch self {
        case .quotaExceeded, .serverError, .network: true
        default: false
        }
    }
}
