import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Spotify sign-in: OAuth 2.0 authorization code with PKCE (RFC 6749 §4.1, RFC 7636), for a
/// public client (no client secret on the device).
///
/// The app shell opens ``authorizationRequest(using:)``'s URL and hands the redirect URL back to
/// ``authorizationCode(from:for:)``; everything else (state check, code exchange, refresh,
/// revocation, expiry) happens here. Endpoints are configurable so tests point them at a local
/// stub server.
public struct SpotifyAuthClient: Sendable {
    /// Client registration and endpoints.
    public struct Configuration: Sendable {
        /// The app's Spotify client id.
        public var clientID: String
        /// The registered redirect URI (e.g. `loci://spotify-callback`).
        public var redirectURI: URL
        /// Scopes requested (`user-top-read` for top artists and tracks).
        public var scopes: [String]
        /// The authorisation endpoint.
        public var authorizeURL: URL
        /// The token endpoint.
        public var tokenURL: URL
        /// An RFC 7009 revocation endpoint, when the server has one (Spotify documents none: then
        /// ``SpotifyAuthClient/revoke(_:)`` only forgets the tokens locally).
        public var revocationURL: URL?

        /// A configuration with Spotify's public endpoints unless others are given.
        public init(
            clientID: String, redirectURI: URL, scopes: [String] = ["user-top-read"],
            authorizeURL: URL = URL(string: "https://accounts.spotify.com/authorize")!,
            tokenURL: URL = URL(string: "https://accounts.spotify.com/api/token")!, revocationURL: URL? = nil
        ) {
            self.clientID = clientID
            self.redirectURI = redirectURI
            self.scopes = scopes
            self.authorizeURL = authorizeURL
            self.tokenURL = tokenURL
            self.revocationURL = revocationURL
        }
    }

    /// The configuration.
    public let configuration: Configuration
    let session: URLSession

    /// A client using `session` (an ephemeral session by default: no cookies or cache on disk).
    public init(configuration: Configuration, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.configuration = configuration
        self.session = session
    }

    /// A new authorisation URL with a fresh PKCE pair and state drawn from `generator`.
    public func authorizationRequest<G: RandomNumberGenerator>(using generator: inout G)
        -> SpotifyAuthorizationRequest
    {
        let pkce = PKCE.generate(using: &generator)
        let state = PKCE.state(using: &generator)
        var components = URLComponents(url: configuration.authorizeURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: configuration.redirectURI.absoluteString),
            URLQueryItem(name: "code_challenge_method", value: pkce.method),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "scope", value: configuration.scopes.joined(separator: " ")),
        ]
        return SpotifyAuthorizationRequest(
            url: components?.url ?? configuration.authorizeURL, state: state, codeVerifier: pkce.verifier)
    }

    /// The authorisation code of a redirect, after checking it answers `request`.
    ///
    /// - Throws: ``SpotifyAuthError/stateMismatch(expected:received:)`` when the state differs
    ///   (checked before anything else is read), ``SpotifyAuthError/authorizationDenied(error:description:)``
    ///   for `error=`, ``SpotifyAuthError/malformedRedirect(_:)`` otherwise.
    public func authorizationCode(from redirect: URL, for request: SpotifyAuthorizationRequest)
        throws(SpotifyAuthError) -> String
    {
        guard let components = URLComponents(url: redirect, resolvingAgainstBaseURL: false) else {
            throw .malformedRedirect("\(redirect.absoluteString) is not a URL")
        }
        let expected = URLComponents(url: configuration.redirectURI, resolvingAgainstBaseURL: false)
        guard components.scheme == expected?.scheme, components.host == expected?.host,
            components.path == expected?.path
        else {
            throw .malformedRedirect(
                "\(redirect.absoluteString) is not for \(configuration.redirectURI.absoluteString)")
        }
        let items = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { first, _ in first })
        guard items["state"] == request.state else {
            throw .stateMismatch(expected: request.state, received: items["state"])
        }
        if let error = items["error"] {
            throw .authorizationDenied(error: error, description: items["error_description"])
        }
        guard let code = items["code"], !code.isEmpty else {
            throw .malformedRedirect("has neither code nor error")
        }
        return code
    }
}
