import AccountService
import Foundation
import LociAPI
import LociServerStore
import ServerRepositories

/// `/v1/auth/challenge`, `/v1/auth/anonymous`, `/v1/auth/refresh`, `/v1/auth/login`:
/// registration and sessions that last (``RegistrationService``, ``SessionService``; lifetimes
/// and limits in `docs/server.md`).
extension LociAPIHandler {
    /// A single-use registration challenge; shares the per-client registration limit.
    func postV1AuthChallenge(
        _ input: Operations.PostV1AuthChallenge.Input
    ) async throws -> Operations.PostV1AuthChallenge.Output {
        try limitRegistrations("challenge")
        let now = services.engine.now
        let challenge = try await mapStore { () async throws(ServerStoreError) in
            try await services.challenges.issue(at: now)
        }
        return .created(
            .init(
                body: .json(
                    .init(
                        challenge: challenge.value, expiresAt: Int(challenge.expiresAt),
                        expiresIn: Int(challenge.expiresAt - now)))))
    }

    /// `{attestation, platform, key_id, challenge}` → a new device, its first session and its
    /// device secret. App Attest needs all four; the development verifier only `attestation`.
    func postV1AuthAnonymous(
        _ input: Operations.PostV1AuthAnonymous.Input
    ) async throws -> Operations.PostV1AuthAnonymous.Output {
        try limitRegistrations("register")
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let evidence = RegistrationEvidence(
            attestation: body.attestation, platform: (body.platform ?? .unknown).rawValue, keyID: body.keyId,
            challenge: body.challenge)
        let registration = try await mapRegistration { () async throws(RegistrationRefusal) in
            try await services.registration.register(evidence, at: services.engine.now)
        }
        let session = wire(registration.session)
        return .created(
            .init(
                body: .json(
                    .init(
                        deviceId: session.deviceId, accessToken: session.accessToken, tokenType: .bearer,
                        expiresAt: session.expiresAt, expiresIn: session.expiresIn,
                        refreshToken: session.refreshToken,
                        refreshExpiresAt: session.refreshExpiresAt,
                        refreshExpiresIn: session.refreshExpiresIn,
                        deviceSecret: registration.deviceSecret))))
    }

    /// Takes one from the client's registration bucket, else 429 with `Retry-After`.
    func limitRegistrations(_ what: String) throws(APIError) {
        let client = RequestScope.current.clientAddress ?? "unknown"
        if let wait = services.registrationLimiter.take("\(what):\(client)", now: services.limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited,
                "too many registrations from this address; retry after \(wait) s")
            error.headers[.retryAfter] = String(wait)
            throw error
        }
    }

    /// `{refresh_token}` → the next pair; the presented token is spent.
    func postV1AuthRefresh(
        _ input: Operations.PostV1AuthRefresh.Input
    ) async throws -> Operations.PostV1AuthRefresh.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.refresh(body.refreshToken, at: services.engine.now)
        }
        return .ok(.init(body: .json(wire(session))))
    }

    /// `{device_id, device_secret}` → a new session for the same device. Attempts per device
    /// id share the per-token rate limit, besides the per-client one every route has.
    func postV1AuthLogin(
        _ input: Operations.PostV1AuthLogin.Input
    ) async throws -> Operations.PostV1AuthLogin.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        if let wait = services.tokenLimiter.take("login:\(body.deviceId)", now: services.limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited, "too many logins for this device; retry after \(wait) s"
            )
            error.headers[.retryAfter] = String(wait)
            throw error
        }
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.login(
                deviceID: body.deviceId, secret: body.deviceSecret, at: services.engine.now)
        }
        return .ok(.init(body: .json(wire(session))))
    }

    /// The wire form of a session, with its lifetimes.
    func wire(_ session: SessionService.Session) -> Components.Schemas.Session {
        let lifetimes = services.configuration.sessionLifetimes
        return .init(
            deviceId: session.deviceID, accessToken: session.accessToken, tokenType: .bearer,
            expiresAt: Int(session.accessExpiresAt), expiresIn: Int(lifetimes.access),
            refreshToken: session.refreshToken, refreshExpiresAt: Int(session.refreshExpiresAt),
            refreshExpiresIn: Int(lifetimes.refresh))
    }
}

/// Session failures as API errors: all 401 (`unauthorized`, `refresh_token_reused`,
/// `invalid_credentials`) except a store failure.
func mapSession<T>(_ body: () async throws(SessionError) -> T) async throws(APIError) -> T {
    do { return try await body() } catch {
        switch error {
        case .unknownRefreshToken: throw APIError.unauthorized(error.description)
        case .refreshTokenReused: throw APIError(.unauthorized, code: .refreshTokenReused, error.description)
        case .invalidCredentials: throw APIError(.unauthorized, code: .invalidCredentials, error.description)
        case .storage(let storage): throw APIError(storage)
        }
    }
}

/// Registration refusals as API errors: a field in the wrong form is 400 `invalid_field`, a
/// refused attestation or challenge 403 `attestation_refused` naming the failed step.
func mapRegistration<T>(_ body: () async throws(RegistrationRefusal) -> T) async throws(APIError) -> T {
    do { return try await body() } catch {
        switch error {
        case .invalidField: throw APIError.badRequest(.invalidField, error.description)
        case .unknownChallenge, .appAttest, .refused:
            throw APIError(
                .forbidden, code: .attestationRefused, "the device attestation was not accepted: \(error)")
        case .storage(let storage): throw APIError(storage)
        }
    }
}
