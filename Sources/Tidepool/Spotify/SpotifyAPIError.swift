import InterestIntegrations

/// Why a Spotify Web API fetch failed; each case names the request (`top artists
/// (short_term)`) and what the server said.
public enum SpotifyAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The access token was refused (HTTP 401) and a refresh did not help, or the token cannot
    /// be refreshed: sign in again.
    case unauthorized(request: String, message: String?)
    /// The refresh after a 401 failed (an `invalid_grant` means the user revoked access).
    case refresh(request: String, SpotifyAuthError)
    /// HTTP 429 with a `Retry-After` longer than the client waits, or still 429 after its retries.
    case rateLimited(request: String, retryAfter: Double?)
    /// Any other non-2xx answer, with Spotify's error message when the body had one.
    case http(request: String, status: Int, message: String?)
    /// A 2xx answer that is not the documented paging object.
    case malformedResponse(request: String, detail: String)
    /// The request did not complete (connection refused, timeout).
    case transport(request: String, detail: String)

    public var description: String {
        switch self {
        case .unauthorized(let request, let message):
            "Spotify \(request): the access token was refused\(message.map { " (\($0))" } ?? ""); sign in again"
        case .refresh(let request, let error): "Spotify \(request): \(error.description)"
        case .rateLimited(let request, let retryAfter):
            "Spotify \(request): rate limited (HTTP 429\(retryAfter.map { ", Retry-After \(Int($0)) s" } ?? ""))"
        case .http(let request, let status, let message):
            "Spotify \(request): HTTP \(status)\(message.map { ": \($0)" } ?? "")"
        case .malformedResponse(let request, let detail): "Spotify \(request): unexpected answer: \(detail)"
        case .transport(let request, let detail): "Spotify \(request) failed: \(detail)"
        }
    }
}
