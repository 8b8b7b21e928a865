import Crypto
import Foundation
import LociTestSupport
import Synchronization
import Testing

@testable import Spotify

@Suite("Spotify sign-in (PKCE) against a stub authorisation server")
struct SpotifyAuthTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let redirect = URL(string: "loci://spotify-callback")!

    @Test("the S256 challenge of RFC 7636 Appendix B's verifier is the RFC's")
    func rfc7636Vector() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(throws: SpotifyAuthError.self) { try PKCE(verifier: "too-short") }
        #expect(throws: SpotifyAuthError.self) { try PKCE(verifier: String(repeating: "a", count: 42) + "!") }
    }

    static func client(_ server: StubHTTPServer) -> SpotifyAuthClient {
        SpotifyAuthClient(
            configuration: .init(
                clientID: "loci-test-client", redirectURI: redirect, scopes: ["user-top-read"],
                authorizeURL: server.baseURL.appendingPathComponent("authorize"),
                tokenURL: server.baseURL.appendingPathComponent("api/token"),
                revocationURL: server.baseURL.appendingPathComponent("revoke")))
    }

    /// A small authorisation server: one code bound to the challenge it saw, one refresh token
    /// that can be revoked. Codes are single-use; "expired-code" is always refused.
    final class AuthorizationServer: Sendable {
        /// What the server remembers between requests.
        struct State {
            var challenge: String?
            var usedCodes: Set<String> = []
            var revoked: Set<String> = []
        }

        let state = Mutex(State())

        /// The challenge of the authorisation URL, as the browser step passed it on.
        var challenge: String? {
            get { state.withLock { $0.challenge } }
            set { state.withLock { $0.challenge = newValue } }
        }

        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                of: "/", with: "_"
            )
            .replacingOccurrences(of: "=", with: "")
        }

        func handle(_ request: StubRequest) -> StubResponse {
            state.withLock { state in answer(request, &state) }
        }

        func answer(_ request: StubRequest, _ state: inout State) -> StubResponse {
            let invalidGrant = { (text: String) in
                StubResponse.json(#"{"error":"invalid_grant","error_description":"\#(text)"}"#, status: 400)
            }
            let form = request.form
            switch (request.method, request.path, form["grant_type"]) {
            case ("POST", "/api/token", "authorization_code"):
                guard form["client_id"] == "loci-test-client",
                    form["redirect_uri"] == "loci://spotify-callback"
                else {
                    return .json(#"{"error":"invalid_client"}"#, status: 400)
                }
                guard let code = form["code"], code != "expired-code", !state.usedCodes.contains(code) else {
                    return invalidGrant("Authorization code expired")
                }
                // The server recomputes S256 itself: the verifier must hash to the challenge of the URL.
                let verifier = form["code_verifier"] ?? ""
                guard base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))) == state.challenge else {
                    return invalidGrant("code_verifier was incorrect")
                }
                state.usedCodes.insert(code)
                return .json(
                    #"{"access_token":"access-1","token_type":"Bearer","scope":"user-top-read","expires_in":3600,"refresh_token":"refresh-1"}"#
                )
            case ("POST", "/api/token", "refresh_token"):
                guard let token = form["refresh_token"], token == "refresh-1", !state.revoked.contains(token) else {
                    return invalidGrant("Refresh token revoked")
                }
                return .json(
                    #"{"access_token":"access-2","token_type":"Bearer","scope":"user-top-read","expires_in":3600}"#
                )
            case ("POST", "/revoke", _):
                if let token = form["token"] { state.revoked.insert(token) }
                return StubResponse(status: 200)
            default:
                return .json(#"{"error":"unsupported_grant_type"}"#, status: 400)
            }
        }
    }

    /// Runs the authorisation step as a browser would: reads the challenge and state from the URL.
    static func authorize(_ client: SpotifyAuthClient, _ server: AuthorizationServer) throws
        -> SpotifyAuthorizationRequest
    {
        var rng = SeededGenerator(seed: 7)
        let request = client.authorizationRequest(using: &rng)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["response_type"] == "code")
        #expect(query["state"] == request.state)
        #expect(query["scope"] == "user-top-read")
        #expect(query["redirect_uri"] == "loci://spotify-callback")
        #expect(request.state.count == 32)
        server.challenge = query["code_challenge"]
        return request
    }

    @Test("code exchange, expiry, refresh (keeping the unrotated refresh token) and revocation")
    func happyPath() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        let code = try client.authorizationCode(
            from: URL(string: "loci://spotify-callback?code=good-code&state=\(request.state)")!, for: request)
        #expect(code == "good-code")
        let token = try await client.exchange(code: code, for: request, now: Self.now)
        #expect(token.accessToken == "access-1")
        #expect(token.refreshToken == "refresh-1")
        #expect(token.expiresAt == Self.now.addingTimeInterval(3600))
        #expect(!token.isExpired(at: Self.now.addingTimeInterval(3000)))
        #expect(token.isExpired(at: Self.now.addingTimeInterval(3550)))  // within the 60 s leeway
        // Still valid: no request.
        let unchanged = try await client.validToken(token, now: Self.now.addingTimeInterval(100))
        #expect(unchanged == token)
        let refreshed = try await client.validToken(token, now: Self.now.addingTimeInterval(4000))
        #expect(refreshed.accessToken == "access-2")
        #expect(refreshed.refreshToken == "refresh-1")
        #expect(refreshed.expiresAt == Self.now.addingTimeInterval(7600))
        try await client.revoke(refreshed)
        let revokeForm = stub.requests.last?.form ?? [:]
        #expect(revokeForm["token"] == "refresh-1" && revokeForm["token_type_hint"] == "refresh_token")
    }

    @Test("a redirect with another state is refused before any exchange")
    func wrongState() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        #expect(throws: SpotifyAuthError.stateMismatch(expected: request.state, received: "forged")) {
            try client.authorizationCode(
                from: URL(string: "loci://spotify-callback?code=good-code&state=forged")!, for: request)
        }
        #expect(throws: SpotifyAuthError.stateMismatch(expected: request.state, received: nil)) {
            try client.authorizationCode(
                from: URL(string: "loci://spotify-callback?code=good-code")!, for: request)
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("a denied authorisation and a redirect for another URI are typed errors")
    func deniedAndForeign() throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        #expect(throws: SpotifyAuthError.authorizationDenied(error: "access_denied", description: nil)) {
            try client.authorizationCode(
                from: URL(string: "loci://spotify-callback?error=access_denied&state=\(request.state)")!,
                for: request)
        }
        #expect(throws: SpotifyAuthError.self) {
            try client.authorizationCode(
                from: URL(string: "https://evil.example/cb?code=x&state=\(request.state)")!, for: request)
        }
    }

    @Test("an expired code and a reused code are refused with invalid_grant")
    func expiredCode() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        await #expect(
            throws: SpotifyAuthError.rejected(
                step: "code exchange", status: 400, error: "invalid_grant",
                description: "Authorization code expired")
        ) {
            try await client.exchange(code: "expired-code", for: request, now: Self.now)
        }
        _ = try await client.exchange(code: "good-code", for: request, now: Self.now)
        await #expect(throws: SpotifyAuthError.self) {
            try await client.exchange(code: "good-code", for: request, now: Self.now)
        }
    }

    @Test("a verifier that does not match the challenge is refused")
    func wrongVerifier() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        var request = try Self.authorize(client, authorization)
        request.codeVerifier = String(repeating: "x", count: 64)
        await #expect(
            throws: SpotifyAuthError.rejected(
                step: "code exchange", status: 400, error: "invalid_grant",
                description: "code_verifier was incorrect")
        ) {
            try await client.exchange(code: "good-code", for: request, now: Self.now)
        }
    }

    @Test("a revoked refresh token is refused with invalid_grant: the user must sign in again")
    func revokedRefreshToken() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        defer { stub.stop() }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        let token = try await client.exchange(code: "good-code", for: request, now: Self.now)
        try await client.revoke(token)
        await #expect(
            throws: SpotifyAuthError.rejected(
                step: "refresh", status: 400, error: "invalid_grant", description: "Refresh token revoked")
        ) {
            try await client.refresh(token, now: Self.now.addingTimeInterval(4000))
        }
        var noRefresh = token
        noRefresh.refreshToken = nil
        await #expect(throws: SpotifyAuthError.noRefreshToken) {
            try await client.refresh(noRefresh, now: Self.now)
        }
    }

    @Test("an unreachable token endpoint is a transport error, not a crash")
    func unreachable() async throws {
        let authorization = AuthorizationServer()
        let stub = try StubHTTPServer { authorization.handle($0) }
        let client = Self.client(stub)
        let request = try Self.authorize(client, authorization)
        stub.stop()
        // Keep the stopped server (and so its port, refusing connections) until the end.
        defer { withExtendedLifetime(stub) {} }
        await #expect {
            try await client.exchange(code: "good-code", for: request, now: Self.now)
        } throws: { error in
            if case .transport(let step, _)? = error as? SpotifyAuthError { return step == "code exchange" }
            return false
        }
    }
}
