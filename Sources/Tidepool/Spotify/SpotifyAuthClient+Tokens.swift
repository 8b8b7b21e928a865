import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SpotifyAuthClient {
    /// Exchanges an authorisation code for tokens (`grant_type=authorization_code` with the
    /// PKCE verifier), dating the expiry from `now`.
    ///
    /// - Throws: ``SpotifyAuthError/rejected(step:status:error:description:)`` (`invalid_grant`
    ///   for an expired or already used code), ``SpotifyAuthError/malformedResponse(step:detail:)``,
    ///   ``SpotifyAuthError/transport(step:detail:)``.
    public func exchange(code: String, for request: SpotifyAuthorizationRequest, now: Date)
        async throws(SpotifyAuthError)
        -> SpotifyToken
    {
        let body = [
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", configuration.redirectURI.absoluteString), ("client_id", configuration.clientID),
            ("code_verifier", request.codeVerifier),
        ]
        return try await token(step: "code exchange", form: body, previousRefreshToken: nil, now: now)
    }

    /// A fresh access token from the refresh token (`grant_type=refresh_token`); keeps the old
    /// refresh token when the server does not rotate it.
    ///
    /// - Throws: ``SpotifyAuthError/noRefreshToken``; ``SpotifyAuthError/rejected(step:status:error:description:)``
    ///   with `invalid_grant` when the refresh token was revoked (the user must sign in again).
    public func refresh(_ token: SpotifyToken, now: Date) async throws(SpotifyAuthError) -> SpotifyToken {
        guard let refreshToken = token.refreshToken else { throw .noRefreshToken }
        let body = [
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
            ("client_id", configuration.clientID),
        ]
        return try await self.token(step: "refresh", form: body, previousRefreshToken: refreshToken, now: now)
    }

    /// The token, refreshed first when it is expired at `now` (see ``SpotifyToken/isExpired(at:leeway:)``).
    public func validToken(_ token: SpotifyToken, now: Date) async throws(SpotifyAuthError) -> SpotifyToken {
        token.isExpired(at: now) ? try await refresh(token, now: now) : token
    }

    /// Revokes the refresh token (or the access token when there is none) at the RFC 7009
    /// endpoint, if one is configured. The caller forgets the token whatever the outcome.
    ///
    /// - Throws: ``SpotifyAuthError/rejected(step:status:error:description:)`` when the endpoint refuses.
    public func revoke(_ token: SpotifyToken) async throws(SpotifyAuthError) {
        guard let url = configuration.revocationURL else { return }
        let (value, hint) =
            token.refreshToken.map { ($0, "refresh_token") } ?? (token.accessToken, "access_token")
        let (status, data) = try await post(
            url, form: [("token", value), ("token_type_hint", hint), ("client_id", configuration.clientID)],
            step: "revoke")
        guard (200..<300).contains(status) else {
            throw Self.rejection(step: "revoke", status: status, data: data)
        }
    }

    private func token(step: String, form: [(String, String)], previousRefreshToken: String?, now: Date)
        async throws(SpotifyAuthError) -> SpotifyToken
    {
        let (status, data) = try await post(configuration.tokenURL, form: form, step: step)
        guard (200..<300).contains(status) else {
            throw Self.rejection(step: step, status: status, data: data)
        }
        struct Response: Decodable {
            var accessToken: String
            var tokenType: String
            var expiresIn: Double
            var refreshToken: String?
            var scope: String?
            enum CodingKeys: String, CodingKey {
                case scope
                case accessToken = "access_token"
                case tokenType = "token_type"
                case expiresIn = "expires_in"
                case refreshToken = "refresh_token"
            }
        }
        let response: Response
        do { response = try JSONDecoder().decode(Response.self, from: data) } catch {
            throw .malformedResponse(step: step, detail: "no token JSON (\(data.count) bytes)")
        }
        guard response.tokenType.lowercased() == "bearer", response.expiresIn.isFinite,
            response.expiresIn > 0
        else {
            throw .malformedResponse(
                step: step, detail: "token_type \(response.tokenType), expires_in \(response.expiresIn)")
        }
        return SpotifyToken(
            accessToken: response.accessToken, refreshToken: response.refreshToken ?? previousRefreshToken,
            scope: response.scope ?? "", expiresAt: now.addingTimeInterval(response.expiresIn))
    }

    private func post(_ url: URL, form: [(String, String)], step: String) async throws(SpotifyAuthError) -> (
        Int, Data
    ) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            form.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&").utf8)
        do {
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        } catch {
            throw .transport(step: step, detail: error.localizedDescription)
        }
    }

    /// RFC 6749 §5.2 error body → error (or the HTTP status when the body is not one).
    static func rejection(step: String, status: Int, data: Data) -> SpotifyAuthError {
        struct Body: Decodable {
            var error: String
            var errorDescription: String?
            enum CodingKeys: String, CodingKey {
                case error
                case errorDescription = "error_description"
            }
        }
        let body = try? JSONDecoder().decode(Body.self, from: data)
        return .rejected(
            step: step, status: status, error: body?.error ?? "http_\(status)",
            description: body?.errorDescription)
    }

    /// `application/x-www-form-urlencoded` encoding of one name or value.
    static func formEncode(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
