/// Why a Spotify sign-in step failed. Each case says which step and what the server said.
public enum SpotifyAuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A PKCE verifier broke RFC 7636 §4.1.
    case invalidVerifier(String)
    /// The redirect's `state` is not the one sent: a forged or stale redirect; nothing was exchanged.
    case stateMismatch(expected: String, received: String?)
    /// The redirect carried `error=` (e.g. `access_denied` when the user declined).
    case authorizationDenied(error: String, description: String?)
    /// The redirect has neither `code` nor `error`, or is not for the configured redirect URI.
    case malformedRedirect(String)
    /// The token endpoint refused (RFC 6749 §5.2): `invalid_grant` for an expired or used code or
    /// a revoked refresh token, `invalid_client`, …
    case rejected(step: String, status: Int, error: String, description: String?)
    /// The endpoint answered something that is not a token response.
    case malformedResponse(step: String, detail: String)
    /// The request did not complete (connection refused, timeout).
    case transport(step: String, detail: String)
    /// A refresh was asked for a token without a refresh token.
    case noRefreshToken

    public var description: String {
        switch self {
        case .invalidVerifier(let detail): "Spotify sign-in: PKCE verifier \(detail)"
        case .stateMismatch(let expected, let received):
            "Spotify sign-in: the redirect's state \(received ?? "(none)") is not the \(expected) sent; ignoring it"
        case .authorizationDenied(let error, let description):
            "Spotify sign-in: authorisation denied (\(error)\(description.map { ": \($0)" } ?? ""))"
        case .malformedRedirect(let detail): "Spotify sign-in: redirect \(detail)"
        case .rejected(let step, let status, let error, let description):
            "Spotify sign-in: \(step) refused with HTTP \(status) \(error)\(description.map { ": \($0)" } ?? "")"
        case .malformedResponse(let step, let detail): "Spotify sign-in: \(step) answered \(detail)"
        case .transport(let step, let detail): "Spotify sign-in: \(step) failed: \(detail)"
        case .noRefreshToken: "Spotify sign-in: the token has no refresh token; sign in again"
        }
    }
}
