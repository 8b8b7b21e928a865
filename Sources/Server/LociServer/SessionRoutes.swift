import AccountService
import Foundation
import Hummingbird
import LociServerStore
import LociWire
import ServerRepositories

/// `/v1/auth/challenge`, `/v1/auth/anonymous`, `/v1/auth/refresh`, `/v1/auth/login`:
/// registration and sessions that last (``RegistrationService``, ``SessionService``; lifetimes
/// and limits in `docs/server.md`).
struct SessionRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/auth/challenge") { request, context in try await challenge(request, context) }
        router.post("/v1/auth/anonymous") { request, context in try await register(request, context) }
        router.post("/v1/auth/refresh") { request, _ in try await refresh(request) }
        router.post("/v1/auth/login") { request, _ in try await login(request) }
    }

    /// A single-use registration challenge (`{challenge, expires_at, expires_in}`); shares the
    /// per-client registration limit.
    func challenge(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        try limitRegistrations("challenge", context)
        let now = services.engine.now
        let challenge = try await mapStore { () async throws(ServerStoreError) in
            try await services.challenges.issue(at: now)
        }
        return try .json(
            WireRegistrationChallenge(
                challenge: challenge.value, expiresAt: challenge.expiresAt, expiresIn: challenge.expiresAt - now),
            status: .created)
    }

    /// `{attestation, platform, key_id, challenge}` → a new device, its first session and its
    /// device secret. App Attest needs all four; the development verifier only `attestation`.
    func register(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        try limitRegistrations("register", context)
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["attestation", "platform", "key_id", "challenge"])
        let attestation = try body.requiredString("attestation")
        let platform = try body.string("platform") ?? "unknown"
        guard ["ios", "android", "web", "unknown"].contains(platform) else {
            throw APIError.badRequest(.invalidField, "platform must be ios, android, web or unknown")
        }
        let evidence = RegistrationEvidence(
            attestation: attestation, platform: platform, keyID: try body.string("key_id"),
            challenge: try body.string("challenge"))
        let registration = try await mapRegistration { () async throws(RegistrationRefusal) in
            try await services.registration.register(evidence, at: services.engine.now)
        }
        return try .json(
            WireRegistration(session: wire(registration.session), deviceSecret: registration.deviceSecret),
            status: .created)
    }

    /// Takes one from the client's registration bucket, else 429 with `Retry-After`.
    func limitRegistrations(_ what: String, _ context: ServerRequestContext) throws(APIError) {
        let client = context.clientAddress ?? "unknown"
        if let wait = services.registrationLimiter.take("\(what):\(client)", now: services.limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited,
                "too many registrations from this address; retry after \(wait) s")
            error.headers[.retryAfter] = String(wait)
            throw error
        }
    }

    /// `{refresh_token}` → the next pair; the presented token is spent.
    func refresh(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes), allowed: ["refresh_token"])
        let token = try body.requiredString("refresh_token")
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.refresh(token, at: services.engine.now)
        }
        return try .json(wire(session))
    }

    /// `{device_id, device_secret}` → a new session for the same device. Attempts per device
    /// id share the per-token rate limit, besides the per-client one every route has.
    func login(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["device_id", "device_secret"])
        let deviceID = try body.requiredString("device_id")
        let secret = try body.requiredString("device_secret")
        if let wait = services.tokenLimiter.take("login:\(deviceID)", now: services.limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited, "too many logins for this device; retry after \(wait) s")
            error.headers[.retryAfter] = String(wait)
            throw error
        }
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.login(deviceID: deviceID, secret: secret, at: services.engine.now)
        }
        return try .json(wire(session))
    }

    /// The wire form of a session, with its lifetimes.
    func wire(_ session: SessionService.Session) -> WireSession {
        let lifetimes = services.configuration.sessionLifetimes
        return WireSession(
            deviceID: session.deviceID, accessToken: session.accessToken, expiresAt: session.accessExpiresAt,
            expiresIn: lifetimes.access, refreshToken: session.refreshToken,
            refreshExpiresAt: session.refreshExpiresAt, refreshExpiresIn: lifetimes.refresh)
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
            throw APIError(.forbidden, code: .attestationRefused, "the device attestation was not accepted: \(error)")
        case .storage(let storage): throw APIError(storage)
        }
    }
}
